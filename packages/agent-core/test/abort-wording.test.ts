import {
  type AssistantMessage,
  createAssistantMessageEventStream,
  type StreamFunction,
} from "@gong/llm";
import { describe, expect, it } from "vitest";
import { Agent } from "../src/index.js";
import { assistant, testModel, text } from "./helpers/mock-stream.js";

describe("abort wording — an answer the user stopped says what llm's stream says", () => {
  it("a provider that ends quietly after the abort gets llm's wording, not a second one", async () => {
    // The provider answers "done" once the signal fires, without an errorMessage of its own.
    const streamFn: StreamFunction = (_model, _context, options) => {
      const stream = createAssistantMessageEventStream();
      const message = assistant([text("partial")]);
      stream.push({ type: "start", partial: message });
      options?.signal?.addEventListener("abort", () =>
        stream.push({ type: "done", reason: "stop", message }),
      );
      return stream;
    };
    const agent = new Agent({ model: testModel, streamFn });
    const running = agent.prompt("go");
    await new Promise((resolve) => setTimeout(resolve, 20));
    agent.abort();
    await running;
    const last = agent.state.messages.at(-1) as AssistantMessage;
    expect(last.stopReason).toBe("aborted");
    expect(last.errorMessage).toBe("Request aborted by the user.");
  });
});
