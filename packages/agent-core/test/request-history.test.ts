import type { Message } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { Agent } from "../src/index.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";

describe("agent-core — the history a request sends is not rebuilt on every call", () => {
  it("an errored answer is sent without its cut-off call, the same copy on every call", async () => {
    const errored = assistant([text("half an answer"), toolCall("c1", "read", { path: "a" })], {
      stopReason: "error",
      errorMessage: "boom",
    });
    const first: Message = { role: "user", content: "start", timestamp: 1 };
    const sent: Message[][] = [];
    const model = mockModel([], (context) => {
      sent.push([...context.messages]);
      return assistant([text("ok")]);
    });
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: [first, errored],
    });
    await agent.prompt("one");
    await agent.prompt("two");
    expect(sent[0]![1]).toEqual({ ...errored, content: [text("half an answer")] });
    // llm caches what it sends by message object: a new copy per call is sent anew.
    expect(sent[1]![1]).toBe(sent[0]![1]);
    expect(sent[1]![0]).toBe(first);
  });
});
