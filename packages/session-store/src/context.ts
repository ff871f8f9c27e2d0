/**
 * What the agent needs to continue a branch (docs/architecture.md, "The session file"): the messages — the
 * latest compaction's summary, then the kept messages — plus the model and thinking
 * level in force at the leaf. A pure function of the root → leaf path.
 */
import {
  branchSummaryText,
  compactionSummaryText,
  type Message,
  type ThinkingLevel,
  type UserMessage,
} from "@gong/llm";
import type { CompactionEntry, TreeEntry } from "./entries.js";

export interface SessionContext {
  messages: Message[];
  /** For each message, the entry it came from (a summary maps to its compaction or
   *  branch_summary entry); agent-core uses these as compaction cut points. */
  entryIds: string[];
  /** Entries whose message in `messages` is a compaction's shortened copy (`CompactionEntry.shortened`). */
  shortenedEntryIds?: string[];
  model?: { provider: string; modelId: string };
  thinkingLevel: ThinkingLevel;
}

const toMillis = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
};

const summaryMessage = (text: string, timestamp: string): UserMessage => ({
  role: "user",
  content: [{ type: "text", text }],
  timestamp: toMillis(timestamp),
});

export function buildContextFromPath(path: readonly TreeEntry[]): SessionContext {
  let thinkingLevel: ThinkingLevel = "off";
  let model: SessionContext["model"];
  let compactionIndex = -1;
  path.forEach((entry, index) => {
    if (entry.type === "thinking_level_change") thinkingLevel = entry.thinkingLevel;
    else if (entry.type === "model_change") {
      model = { provider: entry.provider, modelId: entry.modelId };
    } else if (entry.type === "message" && entry.message.role === "assistant") {
      // A resumed session continues with the model that last answered.
      model = { provider: entry.message.provider, modelId: entry.message.model };
    } else if (entry.type === "compaction") compactionIndex = index;
  });

  const messages: Message[] = [];
  const entryIds: string[] = [];
  const compaction = compactionIndex >= 0 ? (path[compactionIndex] as CompactionEntry) : undefined;
  const shortened = new Map(
    (Array.isArray(compaction?.shortened) ? compaction.shortened : []).map((s) => [
      s.entryId,
      s.message,
    ]),
  );
  const emit = (entry: TreeEntry) => {
    if (entry.type === "message") {
      messages.push(shortened.get(entry.id) ?? entry.message);
      entryIds.push(entry.id);
    } else if (entry.type === "branch_summary" && entry.summary) {
      messages.push(summaryMessage(branchSummaryText(entry.summary), entry.timestamp));
      entryIds.push(entry.id);
    }
  };

  if (!compaction) {
    for (const entry of path) emit(entry);
  } else {
    messages.push(
      // The wrapper agent-core recognises at the next compaction (one text, in llm).
      summaryMessage(compactionSummaryText(compaction.summary), compaction.timestamp),
    );
    entryIds.push(compaction.id);
    // Kept messages: the request of a cut turn, then from firstKeptEntryId up to the
    // compaction. If an id is not on this path (should not happen), keep nothing before
    // the compaction rather than guess.
    const firstKept = path.findIndex((entry) => entry.id === compaction.firstKeptEntryId);
    const turnStart = compaction.turnStartEntryId
      ? path.findIndex((entry) => entry.id === compaction.turnStartEntryId)
      : -1;
    if (turnStart >= 0 && turnStart < firstKept) emit(path[turnStart]!);
    if (firstKept >= 0 && firstKept < compactionIndex) {
      for (let i = firstKept; i < compactionIndex; i++) emit(path[i]!);
    }
    for (let i = compactionIndex + 1; i < path.length; i++) emit(path[i]!);
  }

  const shortenedEntryIds = entryIds.filter((id) => shortened.has(id));
  return {
    messages,
    entryIds,
    ...(shortenedEntryIds.length > 0 ? { shortenedEntryIds } : {}),
    ...(model ? { model } : {}),
    thinkingLevel,
  };
}
