import { spawn } from "node:child_process";
import { PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
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
      expect(await withTimeout(exited, 10_000, "gong-rpc --acp did not exit")).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
