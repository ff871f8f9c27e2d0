import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { methods } from "@agentclientprotocol/sdk";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { withAgent } from "./acp-client.js";
import { writeJson } from "./harness.js";

const mock = useMockLlmServer();

const FIXTURE = fileURLToPath(
  new URL("../../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
);

describe("gong-rpc --acp — the editor's mcpServers are started for its session", () => {
  it("session/new's stdio server offers its tools and wins over a configured one of the same name", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const mark = path.join(box.home, "editor-fixture.pids");
    // The configured "fixture" cannot start; the editor's entry of that name replaces it.
    writeJson(path.join(box.gongHome, "settings.json"), {
      mcpServers: { fixture: { command: path.join(box.home, "no-such-server") } },
    });
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", name: "mcp__fixture__echo", arguments: { text: "acp" } }]),
      textResponse("done"),
    ]);
    const { result, code } = await withAgent(box, async (agent, run) => {
      const { sessionId } = await agent.request(methods.agent.session.new, {
        cwd: box.cwd,
        mcpServers: [
          {
            name: "fixture",
            command: process.execPath,
            args: [FIXTURE],
            env: [{ name: "FIXTURE_MARK", value: mark }],
          },
        ],
      });
      const response = await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text: "echo" }],
      });
      return { response, run };
    });
    expect(code).toBe(0);
    expect(result.response.stopReason).toBe("end_turn");
    const done = result.run.updates
      .map((n) => n.update)
      .find((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed");
    expect(JSON.stringify(done)).toContain("echo: acp");
    // The editor's server ran (the fixture notes its pid) and ended with gong-rpc.
    expect(existsSync(mark)).toBe(true);
    const pid = Number(readFileSync(mark, "utf8").trim());
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
