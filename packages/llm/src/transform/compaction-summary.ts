/**
 * The user message that carries a compaction (or branch) summary — written once, here,
 * because two packages of one layer meet on it: session-store rebuilds it on resume
 * and agent-core writes it at compaction and must recognise it again to update the
 * summary incrementally. Neither may depend on the other; both depend on llm.
 */
import type { Message } from "../types.js";

/** Opens a compaction summary message; how a later compaction recognises it. */
export const COMPACTION_SUMMARY_PREFIX =
  "The conversation history before this point was compacted into the following summary:";

/** Opens the summary of a branch the conversation came back from. */
export const BRANCH_SUMMARY_PREFIX =
  "The following is a summary of a branch that this conversation came back from:";

const wrap = (prefix: string, summary: string) => `${prefix}\n\n<summary>\n${summary}\n</summary>`;

/** The text of the user message that stands for everything a compaction summarised. */
export function compactionSummaryText(summary: string): string {
  return wrap(COMPACTION_SUMMARY_PREFIX, summary);
}

/** The text of the user message that brings back an abandoned branch's summary. */
export function branchSummaryText(summary: string): string {
  return wrap(BRANCH_SUMMARY_PREFIX, summary);
}

/** The summary inside a compaction summary message, or undefined for any other message. */
export function extractCompactionSummary(message: Message): string | undefined {
  if (message.role !== "user") return undefined;
  const text =
    typeof message.content === "string"
      ? message.content
      : message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
  if (!text.startsWith(COMPACTION_SUMMARY_PREFIX)) return undefined;
  const match = text.match(/<summary>\n([\s\S]*)\n<\/summary>/);
  return match?.[1];
}
