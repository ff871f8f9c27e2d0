/**
 * A Bash deny rule refuses what runs, not the words as typed, through gong-rpc's JSON lines
 * and ACP alike (issue 37 "done when"): `deny: ["Bash(touch:*)"]` refuses `bash -c "touch f"`,
 * `echo f | xargs touch` and `t\ouch f`; `ask` mode asks about a command through each
 * face's way of asking (`extension_ui_request`, `session/request_permission`).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { textResponse, toolCallResponse } from "@gong/testing";
import { type GongSandbox, gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { withAgent } from "./acp-client.js";
import { RpcProcess, writeJson } from "./harness.js";

const mock = useMockLlmServer();

/** Each creates the file named after it when it runs. */
const BYPASSES = { a: 'bash -c "touch a"', b: "echo b | xargs touch", c: "t\\ouch c" };

function denyTouch(box: GongSandbox): void {
  writeJson(path.join(box.gongHome, "settings.json"), {
    permissions: { deny: ["Bash(touch:*)"] },
  });
}

function enqueueBypasses(): void {
  mock.enqueue([
    toolCallResponse(
      Object.values(BYPASSES).map((command) => ({ name: "bash", arguments: { command } })),
    ),
    textResponse("tried them"),
  ]);
}

function expectAllRefused(box: GongSandbox): void {
  for (const file of Object.keys(BYPASSES))
    expect(existsSync(path.join(box.cwd, file))).toBe(false);
  const sent = JSON.stringify(mock.requests[1]?.body);
  expect(sent.split("bash refused by the permissions.deny rule Bash(touch:*)").length - 1).toBe(3);
}

describe("gong-rpc (JSON lines) — a Bash deny rule refuses what runs", () => {
  it("deny Bash(touch:*) refuses bash -c, xargs and t\\ouch, without asking even in ask mode", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    denyTouch(box);
    enqueueBypasses();
    const rpc = RpcProcess.start(box, ["--permission-mode", "ask"]);
    await rpc.request({ type: "prompt", message: "touch them" });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(rpc.ofType("extension_ui_request")).toHaveLength(0);
    expect(await rpc.end()).toBe(0);
    expectAllRefused(box);
  });

  it("ask mode asks about a command through extension_ui_request; a no keeps it from running", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch asked" } }]),
      textResponse("refused"),
    ]);
    const rpc = RpcProcess.start(box, ["--permission-mode", "ask"]);
    await rpc.request({ type: "prompt", message: "touch it" });
    const ask = await rpc.waitFor((l) => l.type === "extension_ui_request");
    expect(ask).toMatchObject({ method: "confirm", toolName: "bash" });
    expect(JSON.stringify(ask)).toContain("ask mode asks before running commands");
    await rpc.request({ type: "extension_ui_response", requestId: ask.id, confirmed: false });
    await rpc.waitFor((l) => l.type === "run_end");
    expect(await rpc.end()).toBe(0);
    expect(existsSync(path.join(box.cwd, "asked"))).toBe(false);
  });
});

describe("gong-rpc --acp — a Bash deny rule refuses what runs", () => {
  it("deny Bash(touch:*) refuses bash -c, xargs and t\\ouch with no session/request_permission (ask mode)", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    denyTouch(box);
    enqueueBypasses();
    const { result } = await withAgent(box, async (agent, run) => {
      const { sessionId } = await agent.request(methods.agent.session.new, {
        cwd: box.cwd,
        mcpServers: [],
      });
      await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: "touch them" }],
      });
      return run;
    });
    expect(result.permissions).toHaveLength(0);
    expectAllRefused(box);
  });

  it("ask mode (ACP's default) asks about a command with session/request_permission; reject keeps it from running", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "bash", arguments: { command: "touch asked" } }]),
      textResponse("refused"),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        const { sessionId } = await agent.request(methods.agent.session.new, {
          cwd: box.cwd,
          mcpServers: [],
        });
        await agent.request(methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: "text", text: "touch it" }],
        });
        return run;
      },
      { answer: () => "reject_once" },
    );
    expect(result.permissions).toHaveLength(1);
    expect(result.permissions[0]?.toolCall.title).toContain(
      "ask mode asks before running commands",
    );
    expect(existsSync(path.join(box.cwd, "asked"))).toBe(false);
  });
});
