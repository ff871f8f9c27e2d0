import type { AssistantMessage, Usage } from "../types.js";

/**
 * Context-overflow wording per provider (test/overflow-classify.test.ts). Each pattern is specific to
 * "the prompt is too long"; rate limits ("tokens per minute") and message-structure
 * errors (thinking block order, test/stream-errors.test.ts) must never match.
 */
export const OVERFLOW_PATTERNS: readonly RegExp[] = [
  /prompt is too long/i, // Anthropic: "prompt is too long: 213462 tokens > 200000 maximum"
  /input is too long for requested model/i, // Anthropic on Bedrock
  /exceeds the context window/i, // OpenAI: "Your input exceeds the context window of this model"
  /maximum context length is \d+ tokens/i, // OpenAI chat, OpenRouter, vLLM, DeepSeek
  /input token count.*exceeds/i, // Google: "The input token count (1196265) exceeds the maximum…"
  /maximum prompt length is \d+/i, // xAI: "This model's maximum prompt length is 131072 but…"
  /reduce the length of the messages/i, // Groq
  /exceeds the available context size/i, // llama.cpp server
  /greater than the context length/i, // LM Studio
  /prompt too long; exceeded (max )?context length/i, // Ollama
  /too large for model with \d+ maximum context length/i, // Mistral
  /context window exceeds limit/i, // MiniMax
  /exceeded model token limit/i, // Kimi
  /exceeds the limit of \d+/i, // GitHub Copilot: "prompt token count of N exceeds the limit of M"
  /context[_ ]length[_ ]exceeded/i, // OpenAI error code, several compatible servers
];

/** Cerebras and Mistral answer an oversized request with a bare 400/413 (SDK wording). */
const EMPTY_BODY_OVERFLOW = /^4(00|13)\b.*\(no body\)/i;

function matchesOverflowText(text: string): boolean {
  return OVERFLOW_PATTERNS.some((pattern) => pattern.test(text)) || EMPTY_BODY_OVERFLOW.test(text);
}

/** An HTTP failure that means "the context is too long". 429 never is (Pi bug #1038). */
export function isOverflowFailure(status: number | undefined, text: string): boolean {
  if (status === 429) return false;
  if ((status === 400 || status === 413) && text.trim() === "") return true;
  return matchesOverflowText(text);
}

/** Tokens the provider says the request's input took: uncached plus cache reads and writes. */
export function promptTokens(usage: Usage): number {
  return usage.input + usage.cacheRead + usage.cacheWrite;
}

/**
 * Did this assistant message fail (or silently succeed) because the context was too
 * long? True for an error classified `overflow`, an error whose text matches a
 * provider's overflow wording, or — given `contextWindow` — a successful answer whose
 * input exceeded the window (z.ai style silent overflow).
 */
export function isContextOverflow(message: AssistantMessage, contextWindow?: number): boolean {
  if (message.stopReason === "error") {
    if (message.errorKind === "overflow") return true;
    // A classified non-overflow kind wins over wording: a 429 saying "too many tokens"
    // must lead to a retry, not a compaction.
    if (
      message.errorKind &&
      message.errorKind !== "invalid_request" &&
      message.errorKind !== "unknown"
    )
      return false;
    return matchesOverflowText(message.errorMessage ?? "");
  }
  if (contextWindow && message.stopReason !== "aborted") {
    return promptTokens(message.usage) > contextWindow;
  }
  return false;
}
