import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { methods, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
import { HANG_GUARD_MS, textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { startPromptInNewSession, withAgent } from "./acp-client.js";
import { BIN, waitUntil, withTimeout } from "./harness.js";

const mock = useMockLlmServer();

describe("acp — session/new pipelined right behind initialize is queued, not rejected", () => {
  it("both requests in one write: initialize is answered first, then the session opens", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const child = spawn(process.execPath, [BIN, "--acp"], {
      cwd: box.cwd,
      env: box.env,
      stdio: ["pipe", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
    });
    const responses = () =>
      out
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as { id?: number; result?: unknown; error?: unknown })
        .filter((message) => message.id !== undefined);
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: PROTOCOL_VERSION, clientCapabilities: {} },
      })}\n${JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "session/new",
        params: { cwd: box.cwd, mcpServers: [] },
      })}\n`,
    );
    try {
      await waitUntil(() => responses().length === 2);
      const [first, second] = responses();
      expect(first).toMatchObject({ id: 1, result: { protocolVersion: PROTOCOL_VERSION } });
      expect(second).toMatchObject({ id: 2, result: { sessionId: expect.any(String) } });
      child.stdin.end();
      expect(await withTimeout(exited, HANG_GUARD_MS, "gong-rpc --acp did not exit")).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});

describe("acp — session/cancel withdraws an open permission request at once", () => {
  it("the dialog is withdrawn, the call denied and the prompt ends cancelled long before the timeout", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_b", name: "bash", arguments: { command: "touch made.txt" } }]),
      textResponse("never asked for"),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        const { sessionId, prompting } = await startPromptInNewSession(agent, box.cwd, "make it");
        await waitUntil(() => run.permissions.length === 1);
        const cancelledAt = Date.now();
        await agent.notify(methods.agent.session.cancel, { sessionId });
        const response = await prompting;
        return { response, seconds: (Date.now() - cancelledAt) / 1000, run };
      },
      // The editor's dialog stays open: only gong can end it.
      { answer: () => new Promise<string>(() => {}) },
    );
    expect(result.response.stopReason).toBe("cancelled");
    expect(result.seconds).toBeLessThan(60); // the dialog alone would never end it
    expect(result.run.withdrawn.map((request) => request.toolCall.toolCallId)).toEqual(["toolu_b"]);
    expect(existsSync(path.join(box.cwd, "made.txt"))).toBe(false);
    expect(result.run.updates.map((n) => n.update)).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_b",
        status: "failed",
      }),
    );
  });
});
