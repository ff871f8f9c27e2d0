/**
 * gong-rpc (JSON lines) asks what the runtime's one policy says to ask: `get_state` shows
 * the mode (`auto` unless a flag or the settings say otherwise), `set_mode ask` makes a
 * write ask through `extension_ui_request`, and "always" during the session is one
 * memory: the next write is not asked about.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess, writeJson } from "./harness.js";

const mock = useMockLlmServer();

const write = (file: string) => ({ name: "write", arguments: { path: file, content: file } });

describe("gong-rpc — permission modes", () => {
  it("set_mode ask: a write asks through extension_ui_request; 'always' covers the next one; get_state shows the mode", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([write("a.txt")]),
      toolCallResponse([write("b.txt")]),
      textResponse("wrote both"),
    ]);
    const rpc = RpcProcess.start(box);
    expect((await rpc.request({ type: "get_state" })).data).toMatchObject({ mode: "auto" });
    expect(await rpc.request({ type: "set_mode", mode: "ask" })).toMatchObject({
      success: true,
      data: { mode: "ask" },
    });
    expect((await rpc.request({ type: "get_state" })).data).toMatchObject({ mode: "ask" });
    await rpc.request({ type: "prompt", message: "write them" });
    const ask = await rpc.waitFor((l) => l.type === "extension_ui_request");
    expect(ask).toMatchObject({ method: "confirm" });
    expect(JSON.stringify(ask)).toContain("ask mode asks before changing files");
    await rpc.request({
      type: "extension_ui_response",
      requestId: ask.id,
      confirmed: true,
      always: "session",
    });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(rpc.ofType("extension_ui_request")).toHaveLength(1);
    expect(await rpc.end()).toBe(0);
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("a.txt");
    expect(readFileSync(path.join(box.cwd, "b.txt"), "utf8")).toBe("b.txt");
  });

  it("--permission-mode acceptEdits starts there; a command is asked about and a no keeps it from running", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch made" } }]),
      textResponse("refused"),
    ]);
    const rpc = RpcProcess.start(box, ["--permission-mode", "acceptEdits"]);
    expect((await rpc.request({ type: "get_state" })).data).toMatchObject({
      mode: "accept-edits",
    });
    await rpc.request({ type: "prompt", message: "touch it" });
    const ask = await rpc.waitFor((l) => l.type === "extension_ui_request");
    await rpc.request({ type: "extension_ui_response", requestId: ask.id, confirmed: false });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(await rpc.end()).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
  });
});

describe("gong-rpc — the user's own bash goes through the policy", () => {
  it("bash: a deny rule refuses the user's command too (the result says which rule); another runs", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    writeJson(path.join(box.gongHome, "settings.json"), {
      permissions: { deny: ["Bash(touch:*)"] },
    });
    const rpc = RpcProcess.start(box);
    const refused = await rpc.request({ type: "bash", command: "echo hi && touch made" });
    expect(JSON.stringify(refused)).toContain(
      "bash refused by the permissions.deny rule Bash(touch:*)",
    );
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    const ran = await rpc.request({ type: "bash", command: "echo fine" });
    expect(JSON.stringify(ran)).toContain("fine");
    expect(await rpc.end()).toBe(0);
  });
});
