/**
 * ACP asks what the runtime's one policy says to ask (issue 37): its sessions start in
 * `ask` mode, so an MCP tool, not only write/edit/bash, is put to the editor as
 * `session/request_permission`; "always" is remembered by the session's policy; the
 * modes are the session's (`acceptEdits` read as accept-edits, `readonly` gone).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { methods } from "@agentclientprotocol/sdk";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { withAgent } from "./acp-client.js";

const mock = useMockLlmServer();

const FIXTURE = fileURLToPath(
  new URL("../../../packages/mcp/test/fixtures/fixture-server.mjs", import.meta.url),
);

describe("gong-rpc --acp — one policy decides what the editor is asked", () => {
  it("an MCP tool in ask mode (ACP's default) produces session/request_permission; reject keeps it from running", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const echo = { name: "mcp__fixture__echo", arguments: { text: "acp" } };
    mock.enqueue([
      toolCallResponse([{ id: "toolu_1", ...echo }]),
      textResponse("refused"),
      toolCallResponse([{ id: "toolu_2", ...echo }]),
      toolCallResponse([{ id: "toolu_3", ...echo }]),
      textResponse("done"),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        const created = await agent.request(methods.agent.session.new, {
          cwd: box.cwd,
          mcpServers: [
            {
              name: "fixture",
              command: process.execPath,
              args: [FIXTURE],
              env: [{ name: "FIXTURE_MARK", value: path.join(box.home, "fixture.pids") }],
            },
          ],
        });
        expect(created.modes?.currentModeId).toBe("ask");
        expect(created.modes?.availableModes.map((mode) => mode.id)).toEqual([
          "ask",
          "accept-edits",
          "auto",
          "plan",
        ]);
        const { sessionId } = created;
        for (const text of ["echo once", "echo twice"])
          await agent.request(methods.agent.session.prompt, {
            sessionId,
            prompt: [{ type: "text", text }],
          });
        return run;
      },
      {
        // The first is rejected; the second allowed for the session: the third is not asked.
        answer: (request) =>
          request.toolCall.toolCallId === "toolu_1" ? "reject_once" : "allow_always",
      },
    );
    expect(result.permissions.map((p) => p.toolCall.toolCallId)).toEqual(["toolu_1", "toolu_2"]);
    expect(result.permissions[0]?.toolCall.title).toContain(
      "ask mode asks before calling the MCP tool",
    );
    expect(JSON.stringify(mock.requests[1]?.body)).toContain("the user denied this call");
    const completed = result.updates
      .map((n) => n.update)
      .filter((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed")
      .map((u) => (u as { toolCallId: string }).toolCallId);
    expect(completed).toEqual(["toolu_2", "toolu_3"]);
  });

  it("acceptEdits (Claude Code's name) edits in the project unasked and asks before bash; readonly is no mode", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_w", name: "write", arguments: { path: "a.txt", content: "x" } },
        { id: "toolu_b", name: "bash", arguments: { command: "touch made.txt" } },
      ]),
      textResponse("done"),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        const { sessionId } = await agent.request(methods.agent.session.new, {
          cwd: box.cwd,
          mcpServers: [],
        });
        await expect(
          agent.request(methods.agent.session.setMode, { sessionId, modeId: "readonly" }),
        ).rejects.toThrow(/unknown mode "readonly"; modes: ask, accept-edits, auto, plan/);
        await agent.request(methods.agent.session.setMode, { sessionId, modeId: "acceptEdits" });
        await agent.request(methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: "text", text: "write and touch" }],
        });
        return run;
      },
      { answer: () => "reject_once" },
    );
    expect(result.permissions.map((p) => p.toolCall.toolCallId)).toEqual(["toolu_b"]);
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("x");
    expect(existsSync(path.join(box.cwd, "made.txt"))).toBe(false);
  });
});
