import { existsSync } from "node:fs";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { withAgent } from "./acp-client.js";

const mock = useMockLlmServer();

const offered = (index: number) =>
  ((mock.requests[index]?.body as { tools?: { name: string }[] } | undefined)?.tools ?? []).map(
    (t) => t.name,
  );

describe("gong-rpc --acp — session/set_mode plan", () => {
  it("plan is a mode beside ask, accept-edits and auto; approving the plan's permission request goes back to ask", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_plan", name: "exit_plan_mode", arguments: { plan: "1. touch made.txt" } },
      ]),
      toolCallResponse([{ name: "bash", arguments: { command: "touch made.txt" } }]),
      textResponse("done"),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        const created = await agent.request(methods.agent.session.new, {
          cwd: box.cwd,
          mcpServers: [],
        });
        expect(created.modes?.availableModes.map((mode) => mode.id)).toEqual([
          "ask",
          "accept-edits",
          "auto",
          "plan",
        ]);
        const { sessionId } = created;
        await agent.request(methods.agent.session.setMode, { sessionId, modeId: "plan" });
        await agent.request(methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: "text", text: "make it" }],
        });
        return run;
      },
      {
        answer: (request) =>
          request.toolCall.toolCallId === "toolu_plan" ? "approve" : "allow_once",
      },
    );
    expect(offered(0)).toContain("exit_plan_mode");
    expect(offered(0)).not.toContain("bash");
    const planQuestion = result.permissions.find((p) => p.toolCall.toolCallId === "toolu_plan");
    expect(JSON.stringify(planQuestion?.toolCall.content)).toContain("1. touch made.txt");
    expect(
      result.updates.some(
        (n) => n.update.sessionUpdate === "current_mode_update" && n.update.currentModeId === "ask",
      ),
    ).toBe(true);
    expect(offered(1)).toContain("bash");
    expect(existsSync(path.join(box.cwd, "made.txt"))).toBe(true);
  });
});
