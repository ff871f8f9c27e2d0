import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { promptInNewSession } from "./acp-client.js";

const mock = useMockLlmServer();

describe("gong-rpc --acp — todo_write becomes a plan update", () => {
  it("the whole list goes out as plan entries; a missing priority is medium", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    const todos = [
      { content: "Read the failing test", status: "completed", priority: "high" },
      { content: "Fix the parser", status: "in_progress" },
      { content: "Run the suite", status: "pending", priority: "low" },
    ];
    mock.enqueue([
      toolCallResponse([{ id: "toolu_todo", name: "todo_write", arguments: { todos } }]),
      textResponse("Working on it."),
    ]);
    const { result } = await promptInNewSession(box, "fix the parser");
    const plans = result.updates.map((n) => n.update).filter((u) => u.sessionUpdate === "plan");
    expect(plans).toEqual([
      {
        sessionUpdate: "plan",
        entries: [
          { content: "Read the failing test", status: "completed", priority: "high" },
          { content: "Fix the parser", status: "in_progress", priority: "medium" },
          { content: "Run the suite", status: "pending", priority: "low" },
        ],
      },
    ]);
  });
});
