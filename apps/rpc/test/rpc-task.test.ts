import type { RecordedRequest } from "@gong/testing";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { RpcProcess } from "./harness.js";

const mock = useMockLlmServer();

const isSubagent = (request: RecordedRequest) =>
  JSON.stringify((request.body as { messages: unknown[] }).messages[0]).includes("SUBTASK");
const hasResults = (request: RecordedRequest) =>
  JSON.stringify(request.body).includes('"tool_result"');

describe("gong-rpc — a subagent's events stream with parentToolCallId", () => {
  it("the subagent's run, messages and tool calls are tagged with the task call's id; the parent's are not", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    mock.setFallback((request) => {
      if (isSubagent(request))
        return hasResults(request)
          ? textResponse("src/parse.ts:12")
          : toolCallResponse([{ id: "toolu_ls", name: "ls", arguments: {} }]);
      if (hasResults(request)) return textResponse("Found it.");
      const args = { description: "find it", prompt: "SUBTASK find it", subagent_type: "explore" };
      return toolCallResponse([{ id: "toolu_task", name: "task", arguments: args }]);
    });
    const rpc = RpcProcess.start(box);
    await rpc.request({ type: "prompt", message: "where?" });
    await rpc.waitFor((line) => line.type === "run_end");
    const tagged = rpc.lines.filter((line) => line.parentToolCallId === "toolu_task");
    expect(tagged[0]).toMatchObject({ type: "agent_start" });
    expect(tagged.at(-1)).toMatchObject({ type: "agent_end" });
    expect(tagged).toContainEqual(
      expect.objectContaining({ type: "tool_execution_end", toolCallId: "toolu_ls" }),
    );
    // The parent's own lines carry no tag; its task call ends with the subagent's answer.
    const end = rpc.lines.find(
      (line) => line.type === "tool_execution_end" && line.toolCallId === "toolu_task",
    );
    expect(end).not.toHaveProperty("parentToolCallId");
    expect(end).toMatchObject({ result: { data: { subagent_type: "explore", tool_calls: 1 } } });
    expect(await rpc.end()).toBe(0);
  });
});
