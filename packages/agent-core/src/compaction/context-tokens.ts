import type { AssistantMessage, Message } from "@gong/llm";
import { estimateMessageTokens, estimateTextTokens, estimateTokens } from "@gong/llm";

function usageTokens(message: AssistantMessage): number {
  const usage = message.usage;
  if (!usage) return 0;
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

/**
 * Tokens the context uses (test/j12-compaction.test.ts): the provider's usage of the last
 * successful assistant message plus an estimate of everything after it; without any
 * usage, an estimate of the whole context (CJK-aware).
 */
export function contextTokens(
  messages: readonly Message[],
  systemPrompt = "",
  /**
   * Usage of messages before this index is ignored: after a compaction the kept
   * messages still carry the usage of the larger context they were answered in.
   */
  trustUsageFrom = 0,
): number {
  for (let i = messages.length - 1; i >= trustUsageFrom; i--) {
    const message = messages[i];
    if (message?.role !== "assistant") continue;
    if (message.stopReason === "error" || message.stopReason === "aborted") continue;
    const used = usageTokens(message);
    if (used <= 0) break;
    let after = 0;
    for (let j = i + 1; j < messages.length; j++) after += estimateMessageTokens(messages[j]!);
    return used + after;
  }
  return estimateTextTokens(systemPrompt) + estimateTokens(messages);
}

export function shouldCompact(
  tokens: number,
  contextWindow: number,
  reserveTokens: number,
): boolean {
  return tokens > contextWindow - reserveTokens;
}
