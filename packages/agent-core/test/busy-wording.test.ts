import { describe, expect, it } from "vitest";
import { Agent } from "../src/index.js";
import { assistant, mockModel, testModel, text } from "./helpers/mock-stream.js";

describe("busy rule — the agent refuses a second run in the one wording every app shows", () => {
  it("prompt, continue and appendMessage during a run all say the same sentence", async () => {
    const rule = "A run is in progress: steer it, queue a follow-up, or abort it first.";
    const model = mockModel([{ message: assistant([text("streaming…")]), chunkDelayMs: 20 }]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    const running = agent.prompt("first");
    await expect(agent.prompt("second")).rejects.toThrow(rule);
    await expect(agent.continue()).rejects.toThrow(rule);
    expect(() => agent.appendMessage({ role: "user", content: "x", timestamp: 0 })).toThrow(rule);
    await running;
  });
});
