import { describe, expect, it } from "vitest";
import { describeError } from "../src/errors/describe.js";
import {
  type AssistantMessage,
  classifyError,
  emptyUsage,
  isContextOverflow,
  readRetryAfter,
} from "../src/index.js";

const errored = (
  errorMessage: string,
  extra: Partial<AssistantMessage> = {},
): AssistantMessage => ({
  role: "assistant",
  content: [],
  api: "anthropic-messages",
  provider: "anthropic",
  model: "m",
  usage: emptyUsage(),
  stopReason: "error",
  errorMessage,
  timestamp: 0,
  ...extra,
});

/** An SDK-shaped HTTP error. */
function httpError(
  status: number | undefined,
  body: unknown,
  message = `${status} error`,
  headers?: Record<string, string>,
) {
  return Object.assign(new Error(message), {
    status,
    error: body,
    headers: headers ? new Headers(headers) : undefined,
  });
}

describe("seed 002 §4.4 overflow detection", () => {
  it.each([
    ["Anthropic", "prompt is too long: 213462 tokens > 200000 maximum"],
    ["Bedrock", "Input is too long for requested model."],
    ["OpenAI", "Your input exceeds the context window of this model."],
    [
      "OpenAI chat",
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130542 tokens.",
    ],
    [
      "Google",
      "The input token count (1196265) exceeds the maximum number of tokens allowed (1048575).",
    ],
    ["xAI", "This model's maximum prompt length is 131072 but the request contains 537812 tokens."],
    ["Groq", "Please reduce the length of the messages or completion."],
    ["llama.cpp", "the request exceeds the available context size, try increasing it"],
    [
      "LM Studio",
      "Trying to keep the first 9000 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input. greater than the context length",
    ],
    ["Ollama", "prompt too long; exceeded max context length by 1200 tokens"],
    [
      "Mistral",
      "Prompt contains 140000 tokens and 0 draft tokens, too large for model with 131072 maximum context length",
    ],
    ["Kimi", "Invalid request: Your request exceeded model token limit: 262144"],
    ["Copilot", "prompt token count of 130000 exceeds the limit of 128000"],
    ["error code", "context_length_exceeded"],
    ["empty 400", "400 status code (no body)"],
    ["empty 413", "413 status code (no body)"],
  ])("%s wording is overflow", (_provider, text) => {
    expect(isContextOverflow(errored(text))).toBe(true);
  });

  it.each([
    [
      "J.9 5.3 thinking order",
      "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`.",
    ],
    [
      "tool id mismatch",
      "messages.2: `tool_use` ids were found without `tool_result` blocks immediately after",
    ],
    ["rate limit wording", "Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000"],
    ["server", "Internal server error"],
  ])("%s is not overflow", (_name, text) => {
    expect(isContextOverflow(errored(text))).toBe(false);
  });

  it("J.9 4.3 a classified rate limit is never overflow, whatever it says", () => {
    expect(isContextOverflow(errored("prompt is too long", { errorKind: "rate_limit" }))).toBe(
      false,
    );
  });

  it("silent overflow: a successful answer whose input exceeded the window", () => {
    const usage = { ...emptyUsage(), input: 150_000, cacheRead: 60_000 };
    const ok = errored("", { stopReason: "stop", usage });
    expect(isContextOverflow(ok, 200_000)).toBe(true);
    expect(isContextOverflow(ok, 300_000)).toBe(false);
    expect(isContextOverflow(ok)).toBe(false);
  });
});

describe("classifyError", () => {
  it("401 and 403 → auth", () => {
    expect(
      classifyError(
        httpError(401, {
          type: "error",
          error: { type: "authentication_error", message: "invalid x-api-key" },
        }),
      ).kind,
    ).toBe("auth");
    expect(classifyError(httpError(403, { error: { message: "forbidden" } })).kind).toBe("auth");
  });
  it("429 → rate_limit even with overflow-like wording, retry-after read", () => {
    const result = classifyError(
      httpError(429, { error: { message: "prompt is too long" } }, "429", { "retry-after": "3" }),
    );
    expect(result).toMatchObject({ kind: "rate_limit", retryAfterMs: 3000, status: 429 });
  });
  it("OpenAI insufficient_quota (a 429) → auth: waiting will not fix it", () => {
    const error = httpError(429, {
      error: {
        type: "insufficient_quota",
        message: "You exceeded your current quota, please check your plan and billing details.",
      },
    });
    expect(classifyError(error).kind).toBe("auth");
  });
  it("529 / 503 / overloaded_error → overloaded", () => {
    expect(
      classifyError(httpError(529, { error: { type: "overloaded_error", message: "Overloaded" } }))
        .kind,
    ).toBe("overloaded");
    expect(classifyError(httpError(503, undefined)).kind).toBe("overloaded");
    expect(
      classifyError(httpError(undefined, { type: "overloaded_error", message: "Overloaded" })).kind,
    ).toBe("overloaded");
  });
  it("400 with overflow wording → overflow; other 400 → invalid_request", () => {
    expect(
      classifyError(httpError(400, { error: { message: "prompt is too long: 1 > 0" } })).kind,
    ).toBe("overflow");
    expect(
      classifyError(
        httpError(400, { error: { type: "invalid_request_error", message: "bad thinking order" } }),
      ).kind,
    ).toBe("invalid_request");
  });
  it("400 without body → overflow", () => {
    expect(classifyError(httpError(400, undefined, "400 status code (no body)")).kind).toBe(
      "overflow",
    );
  });
  it("5xx → server, 408 → timeout", () => {
    expect(classifyError(httpError(500, { error: { message: "boom" } })).kind).toBe("server");
    expect(classifyError(httpError(408, undefined)).kind).toBe("timeout");
  });
  it("transport failures → network; malformed chunks → server", () => {
    expect(classifyError(new TypeError("terminated")).kind).toBe("network");
    expect(
      classifyError(Object.assign(new Error("Connection error."), { name: "APIConnectionError" }))
        .kind,
    ).toBe("network");
    expect(
      classifyError(
        new Error("fetch failed", {
          cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }),
        }),
      ).kind,
    ).toBe("network");
    expect(classifyError(new SyntaxError("Unexpected end of JSON input")).kind).toBe("server");
  });
  it("anything else → unknown", () => {
    expect(classifyError("weird").kind).toBe("unknown");
  });
  it("retry-after as an HTTP date and retry-after-ms", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(readRetryAfter({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" }, now)).toBe(5000);
    expect(readRetryAfter(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(readRetryAfter(undefined)).toBeUndefined();
  });
});

describe("error messages a user reads", () => {
  it("a provider message ending in a period is not followed by a second one (Connection error..)", () => {
    const classified = classifyError(
      Object.assign(new Error("Connection error."), { name: "APIConnectionError" }),
    );
    const text = describeError(classified, "anthropic");
    expect(text).toBe(
      "anthropic: Connection error. The connection failed or was cut: check the network or base URL, then retry.",
    );
  });
});

describe("classifyError — a refused connection on this machine", () => {
  // What the SDKs throw: APIConnectionError ← TypeError("fetch failed") ← the socket error.
  const refused = () => {
    const socket = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:11434"), {
      code: "ECONNREFUSED",
    });
    const fetchFailed = new TypeError("fetch failed", { cause: socket });
    return Object.assign(new Error("Connection error.", { cause: fetchFailed }), {
      name: "APIConnectionError",
    });
  };

  it("is connection_refused (never retried) for a loopback base URL", () => {
    for (const url of ["http://localhost:11434/v1", "http://127.0.0.1:8000", "http://[::1]:1234"])
      expect(classifyError(refused(), url).kind).toBe("connection_refused");
  });

  it("stays network (retried) for a remote host, where a restart may be under way", () => {
    expect(classifyError(refused(), "http://gpu-box:11434/v1").kind).toBe("network");
    expect(classifyError(refused()).kind).toBe("network");
  });

  it("names the URL and the local server to start", () => {
    const url = "http://localhost:11434/v1";
    expect(describeError(classifyError(refused(), url), "ollama", { baseUrl: url })).toBe(
      `ollama: Connection error. Nothing answers at ${url}: is the server running? Start Ollama (ollama serve) or pass --base-url.`,
    );
    // --base-url alone: the port names the server.
    expect(
      describeError(classifyError(refused(), url), "openai-compatible", { baseUrl: url }),
    ).toContain("Start Ollama (ollama serve)");
    const other = "http://127.0.0.1:8080/v1";
    const generic = describeError(classifyError(refused(), other), "openai-compatible", {
      baseUrl: other,
    });
    expect(generic).toContain("Start the server or pass --base-url.");
    expect(generic).not.toContain("Ollama");
  });

  it("a hosted provider pointed at this machine names the base URL override, not Ollama", () => {
    const url = "http://127.0.0.1:9";
    const text = describeError(classifyError(refused(), url), "anthropic", { baseUrl: url });
    expect(text).not.toContain("Ollama");
    expect(text).toContain(
      `Nothing answers at ${url}, the base URL given for anthropic (its API is https://api.anthropic.com): start the proxy or server meant to listen there, or fix or remove the base URL (--base-url, ANTHROPIC_BASE_URL, models.json).`,
    );
  });
});

describe("describeError — a model the provider does not know", () => {
  const notFound = (status: number, message: string) =>
    describeError({ kind: "invalid_request", status, providerMessage: message }, "anthropic");

  it("points at gong --list-models (Anthropic, OpenAI and Ollama wording)", () => {
    for (const message of [
      "model: claude-nope",
      "The model `gpt-9` does not exist or you do not have access to it.",
      "model 'qwen9' not found, try pulling it first",
    ])
      expect(notFound(404, message)).toContain("run gong --list-models");
  });

  it("a bare 404 (a base URL without /v1) does not blame the model", () => {
    expect(notFound(404, "Not Found")).not.toContain("--list-models");
  });
});
