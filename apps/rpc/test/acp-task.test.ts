import type { RecordedRequest } from "@gong/testing";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { promptInNewSession } from "./acp-client.js";

const mock = useMockLlmServer();

/** The subagent's requests start with its task prompt; the parent's with the user's. */
const isSubagent = (request: RecordedRequest) =>
  JSON.stringify((request.body as { messages: unknown[] }).messages[0]).includes("SUBTASK");
const hasResults = (request: RecordedRequest) =>
  JSON.stringify(request.body).includes('"tool_result"');

describe("gong-rpc --acp — task: the subagent's progress as tool_call_update content", () => {
  it("the task call is titled by its description, updated with the subagent's current call, then completed", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.setFallback((request) => {
      if (isSubagent(request))
        return hasResults(request)
          ? // Slow enough for a progress update to go out while it streams.
            textResponse("The parser is in src/parse.ts:12.", { eventDelayMs: 80, chunkSize: 4 })
          : toolCallResponse([{ id: "toolu_ls", name: "ls", arguments: { path: "." } }]);
      if (hasResults(request)) return textResponse("Found it.");
      const args = { description: "find the parser", prompt: "SUBTASK find the parser" };
      return toolCallResponse([{ id: "toolu_task", name: "task", arguments: args }]);
    });
    const { result } = await promptInNewSession(box, "where is the parser?");
    const updates = result.updates
      .map((n) => n.update)
      .filter((u) => "toolCallId" in u && u.toolCallId === "toolu_task");
    expect(updates[0]).toMatchObject({ sessionUpdate: "tool_call", title: "task find the parser" });
    const progress = updates.filter(
      (u) => u.sessionUpdate === "tool_call_update" && u.status === undefined,
    );
    expect(JSON.stringify(progress)).toContain("general: ls . · 1 tool call");
    expect(updates.at(-1)).toMatchObject({
      sessionUpdate: "tool_call_update",
      status: "completed",
    });
    expect(JSON.stringify(updates.at(-1))).toContain("The parser is in src/parse.ts:12.");
  });
});
