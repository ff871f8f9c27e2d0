import type { Message } from "@gong/llm";

export type CompactionReason = "threshold" | "overflow" | "manual";
/**
 * How a compaction the loop asked for (threshold or overflow) ended, in one word: whether
 * to retry the request. The context it made, if any, is a `CompactionResult`.
 */
export type CompactionOutcome = "compacted" | "skipped" | "cancelled" | "failed" | "in_progress";

export interface CompactionSettings {
  /** `autoCompaction: false` turns off threshold and overflow compaction (manual still works). */
  enabled: boolean;
  /** Compact when context tokens exceed `contextWindow - reserveTokens` (test/j12-compaction.test.ts 2.1, 2.2). */
  reserveTokens: number;
  /** Roughly this many recent tokens are kept verbatim. */
  keepRecentTokens: number;
}

export const DEFAULT_COMPACTION_SETTINGS: CompactionSettings = {
  enabled: true,
  reserveTokens: 16_384,
  keepRecentTokens: 20_000,
};

/**
 * The new context one compaction made: its summary and the messages that replace the old
 * head. `CompactResult` wraps it with the refusals of `Agent.compact()`.
 */
export interface CompactionResult {
  /** The summary text (without the wrapper the model sees). Empty for the fallback. */
  summary: string;
  /** The messages that replace the old context. */
  messages: Message[];
  /**
   * How many messages at the head of the list `messages` replace: the list the
   * compaction was made from. Messages added after it stay after `messages`.
   */
  replaces: number;
  /** Index, in the messages before compaction, of the first one kept verbatim. */
  firstKeptIndex: number;
  /**
   * The cut fell inside a turn: `messages[1]` is the user message that started it, kept
   * verbatim, and the rest follow from `firstKeptIndex` — the kept messages are not one
   * run, so a session file must record both (apps/cli/test/compaction-resume.test.ts).
   */
  splitTurn: boolean;
  /** Tokens of the context before, and of the context it made (estimated, system prompt included). */
  tokensBefore: number;
  tokensAfter: number;
  /** How many messages the summary replaced (0 for the fallback). */
  summarised: number;
  /**
   * How many kept tool results were cut shorter or stubbed so the context fits
   * (fit-kept.ts); the fallback counts the results it stubbed.
   */
  shortened: number;
  readFiles: string[];
  modifiedFiles: string[];
  /** True when the summary call failed and old tool outputs were stubbed instead (test/j12-compaction.test.ts 3.1). */
  fallback: boolean;
}
