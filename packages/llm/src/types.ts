/**
 * The one message model shared by every provider (docs/architecture.md, "Packages and layering"). Agent-core,
 * session-store and the apps speak only these types; provider files translate.
 */
import type { TSchema } from "@sinclair/typebox";

export type KnownApi = "anthropic-messages" | "openai-completions" | "openai-responses";
export type Api = KnownApi | (string & {});

/** Every thinking level, in order: the one list the settings, CLI and RPC check against. */
export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high"] as const;
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

export interface TextContent {
  type: "text";
  text: string;
}

export interface ThinkingContent {
  type: "thinking";
  thinking: string;
  /** Provider signature; replayed only to the same provider and model. */
  thinkingSignature?: string;
  /** Anthropic redacted thinking: `thinkingSignature` holds the opaque data. */
  redacted?: boolean;
}

export interface ImageContent {
  type: "image";
  /** base64, no data: prefix */
  data: string;
  mimeType: string;
}

export interface ToolCall {
  type: "toolCall";
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /**
   * The raw argument text, present only when it was not complete JSON when the message
   * ended — the output limit cut it off. `arguments` is then a partial parse, for display
   * only: such a call must never run (a cut-off `write` would replace a file with half
   * its content).
   */
  incompleteArguments?: string;
}

export interface Cost {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  total: number;
}

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  /** Dollars, from the model's catalog prices. */
  cost: Cost;
}

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

/** What went wrong, so agent-core can choose retry vs compaction vs fail. */
export type ErrorKind =
  | "rate_limit"
  | "overloaded"
  | "auth"
  | "overflow"
  | "network"
  /** Nothing listens at a loopback base URL: a local server not started; never retried. */
  | "connection_refused"
  | "timeout"
  | "invalid_request"
  | "server"
  | "unknown";

export interface UserMessage {
  role: "user";
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}

export interface AssistantMessage {
  role: "assistant";
  content: (TextContent | ThinkingContent | ToolCall)[];
  api: Api;
  provider: string;
  model: string;
  usage: Usage;
  stopReason: StopReason;
  errorMessage?: string;
  errorKind?: ErrorKind;
  /** How long the provider asked us to wait (retry-after), when it said. */
  retryAfterMs?: number;
  timestamp: number;
}

export interface ToolResultMessage<Details = unknown> {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  /** What the model sees: the envelope's `text` (+ images). */
  content: (TextContent | ImageContent)[];
  /** For UIs and the session: the tool's full envelope. */
  details?: Details;
  isError: boolean;
  timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/** A tool as the model is told about it. */
export interface LlmTool {
  name: string;
  description: string;
  parameters: TSchema;
}

export interface Context {
  systemPrompt?: string;
  messages: Message[];
  tools?: LlmTool[];
}

export interface ModelCost {
  /** Dollars per million tokens. */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface Model {
  id: string;
  name: string;
  api: Api;
  provider: string;
  baseUrl: string;
  reasoning: boolean;
  input: ("text" | "image")[];
  cost: ModelCost;
  contextWindow: number;
  maxTokens: number;
  headers?: Record<string, string>;
  /** OpenAI-compatible quirks (see compat profiles). */
  compat?: Record<string, unknown>;
}

export interface StreamOptions {
  signal?: AbortSignal;
  apiKey?: string;
  /** Where `apiKey` came from (`--api-key`, models.json, a variable): named when it is rejected. */
  apiKeySource?: string;
  /**
   * Why the caller's key lookup found no key (it names the variable to set): without
   * `apiKey` the stream ends with it as an `auth` error instead of reading the
   * environment, so an unset models.json variable never falls back to another key.
   */
  apiKeyError?: string;
  maxTokens?: number;
  temperature?: number;
  thinking?: ThinkingLevel;
  headers?: Record<string, string>;
  /** No chunk for this long ends the stream with `errorKind: "timeout"` (default 60 000). */
  idleTimeoutMs?: number;
  /**
   * Receives the provider SDK's warnings (e.g. "The model 'claude-sonnet-4-5' is
   * deprecated …") as text. The SDKs never print to the console themselves; without
   * this callback their warnings are dropped.
   */
  onWarning?: (message: string) => void;
}

export type AssistantMessageEvent =
  | { type: "start"; partial: AssistantMessage }
  | { type: "text_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "text_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "text_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "thinking_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "thinking_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "thinking_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "toolcall_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "toolcall_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
  | { type: "done"; reason: "stop" | "length" | "toolUse"; message: AssistantMessage }
  | { type: "error"; reason: "error" | "aborted"; error: AssistantMessage };

/** Async-iterable events plus the final message; never throws (errors are data). */
export interface AssistantMessageEventStream extends AsyncIterable<AssistantMessageEvent> {
  result(): Promise<AssistantMessage>;
}

export type StreamFunction = (
  model: Model,
  context: Context,
  options?: StreamOptions,
) => AssistantMessageEventStream;
