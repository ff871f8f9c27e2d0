import {
  authErrorResponse,
  errorResponse,
  OVERFLOW_MESSAGES,
  overflowResponse,
  overloadedResponse,
  rateLimitResponse,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Api, complete, isContextOverflow, stream } from "../src/index.js";
import { collect, mockModel, userMessage } from "./helpers.js";

const APIS: Api[] = ["anthropic-messages", "openai-completions", "openai-responses"];

const mock = useMockLlmServer();

const modelFor = (api: Api, overrides = {}) =>
  mockModel(
    api,
    api === "anthropic-messages" ? mock.anthropicBaseUrl : mock.openaiBaseUrl,
    overrides,
  );
const ask = (api: Api, options = {}) =>
  complete(modelFor(api), { messages: [userMessage("hi")] }, { apiKey: "k", ...options });

describe.each(APIS)("%s errors end the stream as data, never as a throw", (api) => {
  it("J.9 5.6 401 → auth, no retry, message says to check the key", async () => {
    mock.enqueue(authErrorResponse());
    const message = await ask(api);
    expect(message.stopReason).toBe("error");
    expect(message.errorKind).toBe("auth");
    expect(message.errorMessage).toMatch(/API key was rejected/);
    expect(mock.requests).toHaveLength(1);
  });

  it("J.9 4.3 429 with retry-after → rate_limit with retryAfterMs, never overflow", async () => {
    mock.enqueue(rateLimitResponse(7));
    const message = await ask(api);
    expect(message.errorKind).toBe("rate_limit");
    expect(message.retryAfterMs).toBe(7000);
    expect(isContextOverflow(message)).toBe(false);
    expect(mock.requests).toHaveLength(1);
  });

  it("429 whose text mentions tokens is still a rate limit (Pi bug #1038)", async () => {
    mock.enqueue(
      errorResponse(429, "Request too large: maximum context length is 8000 tokens per min"),
    );
    const message = await ask(api);
    expect(message.errorKind).toBe("rate_limit");
    expect(isContextOverflow(message)).toBe(false);
  });

  it("529 → overloaded", async () => {
    mock.enqueue(overloadedResponse());
    expect((await ask(api)).errorKind).toBe("overloaded");
  });

  it("500 → server", async () => {
    mock.enqueue(errorResponse(500, "Internal server error"));
    const message = await ask(api);
    expect(message.errorKind).toBe("server");
    expect(message.errorMessage).toContain("Internal server error");
  });

  it.each(Object.keys(OVERFLOW_MESSAGES) as (keyof typeof OVERFLOW_MESSAGES)[])(
    "%s overflow wording → overflow",
    async (provider) => {
      mock.enqueue(overflowResponse(provider));
      const message = await ask(api);
      expect(message.errorKind).toBe("overflow");
      expect(isContextOverflow(message)).toBe(true);
      expect(message.errorMessage).toContain(OVERFLOW_MESSAGES[provider]);
    },
  );

  it("400 and 413 with an empty body → overflow (Cerebras, Mistral)", async () => {
    mock.enqueue([
      errorResponse(400, undefined, { body: "" }),
      errorResponse(413, undefined, { body: "" }),
    ]);
    expect((await ask(api)).errorKind).toBe("overflow");
    expect((await ask(api)).errorKind).toBe("overflow");
  });

  it("J.9 5.3 thinking-block-order invalid_request_error is not overflow", async () => {
    mock.enqueue(
      errorResponse(
        400,
        "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. When `thinking` is enabled, a final `assistant` message must start with a thinking block.",
        { errorType: "invalid_request_error" },
      ),
    );
    const message = await ask(api);
    expect(message.errorKind).toBe("invalid_request");
    expect(isContextOverflow(message)).toBe(false);
  });

  it("J.9 5.1 connection dropped after N events → network error, partial content kept", async () => {
    mock.enqueue(
      textResponse("a long answer that will be cut off midway", {
        chunkSize: 3,
        dropAfterEvents: 5,
      }),
    );
    const events = await collect(
      stream(modelFor(api), { messages: [userMessage("hi")] }, { apiKey: "k" }),
    );
    const last = events.at(-1);
    if (last?.type !== "error") throw new Error(`expected error, got ${last?.type}`);
    expect(last.error.stopReason).toBe("error");
    expect(last.error.errorKind).toBe("network");
    expect(last.error.errorMessage).toMatch(/retry/);
    // the stream is usable again afterwards
    mock.enqueue(textResponse("back"));
    expect((await ask(api)).content).toEqual([{ type: "text", text: "back" }]);
  });

  it("J.9 5.2 malformed JSON chunk → error as data, next turn works", async () => {
    mock.enqueue(textResponse("hello world", { malformedAfterEvents: 3 }));
    const message = await ask(api);
    expect(message.stopReason).toBe("error");
    expect(message.errorKind).toBe("server");
    mock.enqueue(textResponse("fine"));
    expect((await ask(api)).stopReason).toBe("stop");
  });

  it("J.9 5.4 a stalled stream ends with timeout after idleTimeoutMs and closes the connection", async () => {
    mock.enqueue(textResponse("starts then stalls", { chunkSize: 2, stallAfterEvents: 4 }));
    const started = Date.now();
    const message = await ask(api, { idleTimeoutMs: 300 });
    expect(message.stopReason).toBe("error");
    expect(message.errorKind).toBe("timeout");
    expect(message.errorMessage).toMatch(/300 ms/);
    expect(Date.now() - started).toBeLessThan(60_000); // without the timeout: never
  });

  it("J.9 5.4 a provider that never answers at all also times out", async () => {
    mock.enqueue(textResponse("never sent", { stallBeforeResponse: true }));
    const message = await ask(api, { idleTimeoutMs: 200 });
    expect(message.errorKind).toBe("timeout");
  });

  it("abort mid-stream → stopReason aborted with the partial message", async () => {
    mock.enqueue(
      toolCallResponse([{ name: "bash", arguments: { command: "sleep 100" } }], {
        eventDelayMs: 20,
        chunkSize: 2,
      }),
    );
    const controller = new AbortController();
    const s = stream(
      modelFor(api),
      { messages: [userMessage("hi")] },
      { apiKey: "k", signal: controller.signal },
    );
    let deltas = 0;
    for await (const event of s) {
      if (event.type === "toolcall_delta" && ++deltas === 2) controller.abort();
    }
    const message = await s.result();
    expect(message.stopReason).toBe("aborted");
    expect(message.errorKind).toBeUndefined();
    expect(message.content[0]).toMatchObject({ type: "toolCall", name: "bash" });
  });

  it("an already-aborted signal sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const message = await ask(api, { signal: controller.signal });
    expect(message.stopReason).toBe("aborted");
    expect(mock.requests).toHaveLength(0);
  });

  it("an error event inside a 200 stream is classified by its type", async () => {
    mock.enqueue(
      api === "anthropic-messages"
        ? { ...overloadedResponse(), inStream: true }
        : {
            ...errorResponse(500, "slow down", { errorType: "rate_limit_exceeded" }),
            inStream: true,
          },
    );
    const message = await ask(api);
    expect(message.stopReason).toBe("error");
    expect(message.errorKind).toBe(api === "anthropic-messages" ? "overloaded" : "rate_limit");
  });
});

describe("API keys", () => {
  it("a missing key ends the stream with an error naming the variable to set", async () => {
    const model = mockModel("openai-completions", mock.openaiBaseUrl, { provider: "acme" });
    const message = await complete(model, { messages: [userMessage("hi")] });
    expect(message.errorKind).toBe("auth");
    expect(message.errorMessage).toContain("ACME_API_KEY");
    expect(mock.requests).toHaveLength(0);
  });

  it("local servers (ollama) need no key", async () => {
    mock.enqueue(textResponse("local"));
    const model = mockModel("openai-completions", mock.openaiBaseUrl, { provider: "ollama" });
    const message = await complete(model, { messages: [userMessage("hi")] });
    expect(message.content).toEqual([{ type: "text", text: "local" }]);
  });

  it("an unregistered API is an error message, not a throw", async () => {
    const model = mockModel("openai-completions", mock.openaiBaseUrl, {
      api: "google-generative-ai",
    });
    const message = await complete(model, { messages: [userMessage("hi")] }, { apiKey: "k" });
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toContain('registerApi("google-generative-ai"');
  });
});
