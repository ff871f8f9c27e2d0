import { toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

const ls = (id: string) => toolCallResponse([{ id, name: "ls", arguments: {} }]);

describe("gong-rpc prompt {limits} — the run stops at its limit", () => {
  it("maxTurns 2: two model calls, then run_end with reason max_turns; the next prompt has none", async () => {
    const rpc = RpcProcess.start(gongSandbox(mock.anthropicBaseUrl));
    mock.enqueue([ls("toolu_1"), ls("toolu_2"), ls("toolu_3"), ls("toolu_4")]);
    const response = await rpc.request({ type: "prompt", message: "go", limits: { maxTurns: 2 } });
    expect(response).toMatchObject({ success: true });
    const end = await rpc.waitFor((line) => line.type === "run_end");
    expect(end).toMatchObject({ ok: false, aborted: false, reason: "max_turns", turns: 2 });
    expect(mock.requests).toHaveLength(2);
    // The limit was this prompt's: a prompt without one runs on (here until the mock's
    // answers run out, which is an error, not a limit).
    await rpc.request({ type: "prompt", message: "again", limits: { maxTurns: 1 } });
    await rpc.waitFor(() => rpc.ofType("run_end").length === 2);
    expect(rpc.ofType("run_end")[1]).toMatchObject({ reason: "max_turns", turns: 1 });
    expect(mock.requests).toHaveLength(3);
    expect(await rpc.end()).toBe(0);
  });

  it("a limit that is not a positive number is refused with the field named", async () => {
    const rpc = RpcProcess.start(gongSandbox(mock.anthropicBaseUrl));
    const response = await rpc.request({ type: "prompt", message: "go", limits: { maxTurns: 0 } });
    expect(response).toMatchObject({ success: false });
    expect(String(response.error)).toMatch(/limits/);
    expect(mock.requests).toHaveLength(0);
    expect(await rpc.end()).toBe(0);
  });
});
