import { type AssistantMessage, isContextOverflow, type Model, promptTokens } from "@gong/llm";

/**
 * A "silent overflow" (test/j12-compaction.test.ts): some providers (z.ai) answer a request larger than
 * the model's window without an error, having dropped part of it, and only their usage
 * tells. Returns what happened, for the compaction's reason or the user's warning; an
 * overflow *error* never gets here (stream-turn compacts and retries those).
 */
export function describeSilentOverflow(
  message: AssistantMessage,
  model: Model,
): string | undefined {
  if (message.stopReason === "error" || !isContextOverflow(message, model.contextWindow)) {
    return undefined;
  }
  return `${model.provider}/${model.id} answered without an error but reported ${promptTokens(message.usage)} input tokens, more than its context window of ${model.contextWindow}: it may have ignored part of the conversation.`;
}
