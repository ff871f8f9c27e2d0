import { methods, type RequestPermissionRequest } from "@agentclientprotocol/sdk";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { promptInNewSession, startPromptInNewSession, withAgent } from "./acp-client.js";
import { waitUntil } from "./harness.js";
import { DATABASE_QUESTION as DATABASE } from "./questions.js";

const mock = useMockLlmServer();

const EXTRAS = {
  question: "Which extras?",
  header: "Extras",
  options: [
    { label: "Migrations", description: "versioned schema" },
    { label: "Seeds", description: "sample rows" },
  ],
  multiSelect: true,
};

/** The option whose name starts with `label`. */
const pick = (request: RequestPermissionRequest, label: string): string =>
  request.options.find((option) => option.name.startsWith(label))!.optionId;

describe("gong-rpc --acp — ask_user through session/request_permission", () => {
  it("one request per question, one option per answer; the answers reach the model", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_ask", name: "ask_user", arguments: { questions: [DATABASE, EXTRAS] } },
      ]),
      textResponse("Postgres with seeds."),
    ]);
    const { result } = await promptInNewSession(box, "set up the database", {
      answer: (request) =>
        pick(request, request.toolCall.title?.startsWith("DB") ? "Postgres" : "Seeds"),
    });
    expect(result.permissions).toHaveLength(2);
    expect(result.permissions[0]!.toolCall).toMatchObject({
      toolCallId: "toolu_ask",
      title: "DB: Which database?",
    });
    expect(result.permissions[0]!.options.map((option) => option.name)).toEqual([
      "Postgres: relational",
      "SQLite: a file",
    ]);
    const toolResult = JSON.stringify(mock.requests[1]!.body);
    expect(toolResult).toContain("Answer: Postgres");
    expect(toolResult).toContain("Answer: Seeds");
  });

  it("session/cancel while the question is open ends the prompt cancelled", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_ask", name: "ask_user", arguments: { questions: [DATABASE] } },
      ]),
    ]);
    const { result } = await withAgent(
      box,
      async (agent, run) => {
        const { sessionId, prompting: prompt } = await startPromptInNewSession(
          agent,
          box.cwd,
          "set up the database",
        );
        await waitUntil(() => run.permissions.length === 1);
        await agent.notify(methods.agent.session.cancel, { sessionId });
        return prompt;
      },
      // The user never answers: the dialog stays open until the run is cancelled.
      { answer: () => new Promise<string>(() => {}) },
    );
    expect(result.stopReason).toBe("cancelled");
    expect(mock.requests).toHaveLength(1);
  });
});
