import path from "node:path";
import { type RecordedRequest, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { openSession, sessionSandbox, writeFile } from "../helpers.js";

const mock = useMockLlmServer();

const isSubagent = (request: RecordedRequest) =>
  JSON.stringify((request.body as { messages: unknown[] }).messages[0]).includes("SUBTASK");
const results = (request: RecordedRequest) =>
  (JSON.stringify(request.body).match(/"tool_result"/g) ?? []).length;

describe("task — settings edited mid-session apply to the next subagent", () => {
  it("subagents.maxTurns written between prompts limits the task of the next prompt", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    mock.setFallback((request) => {
      const done = results(request);
      if (isSubagent(request))
        return done < 3
          ? toolCallResponse([{ id: `toolu_ls${done}`, name: "ls", arguments: {} }])
          : textResponse("listed");
      const args = { description: "list", prompt: "SUBTASK list", subagent_type: "explore" };
      const messages = (request.body as { messages: unknown[] }).messages;
      const answered = JSON.stringify(messages.at(-1)).includes("tool_result");
      return answered
        ? textResponse("ok")
        : toolCallResponse([{ id: `toolu_task${done}`, name: "task", arguments: args }]);
    });
    const session = await openSession({ ...where, tools: ["ls", "task"] });
    await session.run(["first"]);
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ subagents: { maxTurns: 1 } }),
    );
    await session.run(["second"]);
    await session.close();
    const taskResults = session.messages.filter(
      (m) => m.role === "toolResult" && m.toolName === "task",
    );
    expect(taskResults).toHaveLength(2);
    expect(JSON.stringify(taskResults[0])).toContain("listed");
    expect(JSON.stringify(taskResults[1])).toContain("reached subagents.maxTurns (1)");
  });
});

describe("task — settings subagents.maxParallel bounds the subagents running at once", () => {
  it("with maxParallel 1, two task calls of one message run one after the other, results in order", async () => {
    const where = sessionSandbox(mock.anthropicBaseUrl);
    writeFile(
      path.join(where.gongHome, "settings.json"),
      JSON.stringify({ subagents: { maxParallel: 1 } }),
    );
    mock.setFallback((request) => {
      const prompt = JSON.stringify((request.body as { messages: unknown[] }).messages[0]);
      const which = /SUBTASK (\w)/.exec(prompt)?.[1];
      if (which)
        return results(request) > 0
          ? textResponse(`done ${which}`)
          : toolCallResponse([{ id: `toolu_ls_${which}`, name: "ls", arguments: {} }]);
      if (results(request) > 0) return textResponse("ok");
      const call = (id: string) => ({
        id: `toolu_${id}`,
        name: "task",
        arguments: { description: id, prompt: `SUBTASK ${id}`, subagent_type: "explore" },
      });
      return toolCallResponse([call("A"), call("B")]);
    });
    const session = await openSession({ ...where, tools: ["ls", "task"] });
    await session.run(["go"]);
    await session.close();
    const order = mock.requests
      .map(
        (r) =>
          /SUBTASK (\w)/.exec(JSON.stringify((r.body as { messages: unknown[] }).messages[0]))?.[1],
      )
      .filter((which) => which !== undefined);
    // A's two requests, then B's: never interleaved.
    expect(order).toEqual(["A", "A", "B", "B"]);
    const taskResults = session.messages.filter((m) => m.role === "toolResult");
    expect(taskResults.map((m) => m.role === "toolResult" && m.toolCallId)).toEqual([
      "toolu_A",
      "toolu_B",
    ]);
  });
});
