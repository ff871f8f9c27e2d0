import { startMockLlmServer, textResponse } from "@gong/testing";
import { describe, expect, it, vi } from "vitest";
import { mockModel, userMessage } from "./helpers.js";

// Records when a provider SDK module is first evaluated by anything in the module graph
// (our src files included), while still handing out the real SDK.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock("@anthropic-ai/sdk", async (importOriginal) => {
  loaded.push("@anthropic-ai/sdk");
  return importOriginal();
});
vi.mock("openai", async (importOriginal) => {
  loaded.push("openai");
  return importOriginal();
});

describe("provider SDKs load lazily", () => {
  it("importing @gong/llm loads neither SDK", async () => {
    await import("../src/index.js");
    expect(loaded).toEqual([]);
  });

  it("stream() returns before the SDK loads, and the first stream loads only its own SDK", async () => {
    const { stream } = await import("../src/index.js");
    const mock = await startMockLlmServer();
    try {
      mock.enqueue(textResponse("hello"));
      const events = stream(
        mockModel("anthropic-messages", mock.anthropicBaseUrl),
        { messages: [userMessage("hi")] },
        { apiKey: "k" },
      );
      expect(loaded).toEqual([]);
      const message = await events.result();
      expect(message.stopReason).toBe("stop");
      expect(message.content).toEqual([{ type: "text", text: "hello" }]);
      expect(loaded).toEqual(["@anthropic-ai/sdk"]);

      mock.enqueue(textResponse("hi again"));
      const second = await stream(
        mockModel("openai-responses", mock.openaiBaseUrl),
        { messages: [userMessage("hi")] },
        { apiKey: "k" },
      ).result();
      expect(second.content).toEqual([{ type: "text", text: "hi again" }]);
      expect(loaded).toEqual(["@anthropic-ai/sdk", "openai"]);
    } finally {
      await mock.close();
    }
  });
});
