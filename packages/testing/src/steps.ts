/**
 * What a test scripts the mock LLM server to answer. A step is provider-neutral: the
 * server renders it in the wire format of whichever API the request came in on.
 */

export interface MockUsage {
  /** Uncached input tokens. */
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  /** Reasoning tokens (OpenAI), already included in `output`. */
  reasoning?: number;
}

export type MockBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature?: string }
  /** Anthropic redacted thinking / OpenAI encrypted reasoning: opaque data. */
  | { type: "redactedThinking"; data: string }
  | {
      type: "toolCall";
      id?: string;
      name: string;
      /** An object is serialised; a string is sent as-is (e.g. broken JSON). */
      arguments: Record<string, unknown> | string;
    };

export interface MockResponse {
  type: "response";
  content: MockBlock[];
  /** Default: `toolUse` when the content has a tool call, else `stop`. */
  stopReason?: "stop" | "length" | "toolUse";
  usage?: MockUsage;
  /** Characters per text/thinking/argument delta (default 8), so JSON is split mid-token. */
  chunkSize?: number;
  /** Anthropic only: send `ping` events between blocks (default true). */
  ping?: boolean;
  /** Destroy the socket after this many SSE events (llm test/stream-errors.test.ts J.9 5.1). */
  dropAfterEvents?: number;
  /** Send a chunk of broken JSON after this many events, then end (llm test/stream-errors.test.ts J.9 5.2). */
  malformedAfterEvents?: number;
  /** Stop sending after this many events but keep the connection open (llm test/stream-errors.test.ts J.9 5.4). */
  stallAfterEvents?: number;
  /** Never answer at all, not even the status line (a provider hanging before it responds). */
  stallBeforeResponse?: boolean;
  /** Wait this long before each event (lets tests abort mid-stream). */
  eventDelayMs?: number;
  /**
   * With `eventDelayMs`: wait only before every n-th event (default 1), so a long stream
   * arrives at a steady rate without one timer per event (benchmarks, steering tests).
   */
  eventsPerDelay?: number;
  /** Chat Completions only: the delta field thinking is sent in (default `reasoning_content`). */
  reasoningField?: "reasoning_content" | "reasoning" | "reasoning_text";
  /** Reported model name (default: the request's model). */
  model?: string;
}

export interface MockError {
  type: "error";
  status: number;
  headers?: Record<string, string>;
  /** The provider's error message, wrapped in that provider's error JSON. */
  message?: string;
  /** Provider error type, e.g. `rate_limit_error` (default derived from status). */
  errorType?: string;
  /** Raw body instead of the provider's JSON shape; `""` sends an empty body. */
  body?: string;
  /**
   * Send the error as an event inside a 200 SSE stream instead of as an HTTP status,
   * as Anthropic does for a mid-stream `overloaded_error`.
   */
  inStream?: boolean;
}

export type MockStep = MockResponse | MockError;

export type ResponseOptions = Omit<MockResponse, "type" | "content">;

/** A plain text answer. */
export function textResponse(text: string, options: ResponseOptions = {}): MockResponse {
  return { type: "response", content: [{ type: "text", text }], ...options };
}

/** One assistant message with several tool calls (and optional leading text). */
export function toolCallResponse(
  calls: { id?: string; name: string; arguments: Record<string, unknown> | string }[],
  options: ResponseOptions & { text?: string } = {},
): MockResponse {
  const { text, ...rest } = options;
  const content: MockBlock[] = text === undefined ? [] : [{ type: "text", text }];
  for (const call of calls) content.push({ type: "toolCall", ...call });
  return { type: "response", content, ...rest };
}

/** Thinking (with signature) followed by text. */
export function thinkingResponse(
  thinking: string,
  text: string,
  options: ResponseOptions & { signature?: string } = {},
): MockResponse {
  const { signature = "sig_mock_thinking", ...rest } = options;
  return {
    type: "response",
    content: [
      { type: "thinking", thinking, signature },
      { type: "text", text },
    ],
    ...rest,
  };
}

/** An HTTP error with the provider's error JSON (or a raw `body`). */
export function errorResponse(
  status: number,
  message?: string,
  options: Omit<MockError, "type" | "status" | "message"> = {},
): MockError {
  return { type: "error", status, ...(message === undefined ? {} : { message }), ...options };
}

/**
 * A page that is not the provider's API at all — a proxy's 502 page, a login portal's
 * 200 — sent as `text/html` with the given status.
 */
export function htmlResponse(status: number, html: string): MockError {
  return errorResponse(status, undefined, {
    body: html,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}

/** 429 with `retry-after` in seconds. */
export function rateLimitResponse(retryAfterSeconds = 2): MockError {
  return errorResponse(429, "Rate limit exceeded: too many requests. Please slow down.", {
    headers: { "retry-after": String(retryAfterSeconds) },
    errorType: "rate_limit_error",
  });
}

/** Anthropic's 529 overloaded. */
export function overloadedResponse(): MockError {
  return errorResponse(529, "Overloaded", { errorType: "overloaded_error" });
}

export function authErrorResponse(): MockError {
  return errorResponse(401, "invalid x-api-key", { errorType: "authentication_error" });
}

/** Each provider's real context-overflow wording. */
export const OVERFLOW_MESSAGES = {
  anthropic: "prompt is too long: 213462 tokens > 200000 maximum",
  openai:
    "Your input exceeds the context window of this model. Please adjust your input and try again.",
  openaiChat:
    "This model's maximum context length is 128000 tokens. However, your messages resulted in 130542 tokens. Please reduce the length of the messages.",
  google: "The input token count (1196265) exceeds the maximum number of tokens allowed (1048575).",
  xai: "This model's maximum prompt length is 131072 but the request contains 537812 tokens.",
  groq: "Please reduce the length of the messages or completion.",
  openrouter:
    "This endpoint's maximum context length is 163840 tokens. However, you requested about 200000 tokens",
} as const;

export function overflowResponse(
  provider: keyof typeof OVERFLOW_MESSAGES = "anthropic",
): MockError {
  return errorResponse(400, OVERFLOW_MESSAGES[provider], { errorType: "invalid_request_error" });
}
