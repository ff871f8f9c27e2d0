import type { Message } from "@gong/llm";
import type { ExportDocument, ExportItem } from "./document.js";

/**
 * The session-store entry shapes the export reads (docs/architecture.md, "The session file"), typed
 * structurally so this module stays a pure mapping over plain data.
 */
export type ExportableEntry =
  | { type: "message"; message: Message }
  | { type: "compaction"; summary: string; tokensBefore: number }
  | { type: "branch_summary"; summary: string }
  | { type: "model_change"; provider: string; modelId: string }
  | { type: "thinking_level_change"; thinkingLevel: string }
  | { type: string };

export interface ExportableHeader {
  id: string;
  timestamp: string;
  cwd: string;
}

/** Entries of one branch (root → leaf) as the document the HTML renderer draws. */
export function documentFromEntries(
  header: ExportableHeader,
  entries: readonly ExportableEntry[],
): ExportDocument {
  const items: ExportItem[] = [];
  for (const entry of entries) {
    const item = toItem(entry);
    if (item) items.push(item);
  }
  return { sessionId: header.id, cwd: header.cwd, createdAt: header.timestamp, items };
}

function toItem(entry: ExportableEntry): ExportItem | undefined {
  // Labels, leaf moves, custom and unknown entries take no part in the conversation.
  if ("message" in entry && entry.type === "message")
    return { kind: "message", message: entry.message };
  if ("tokensBefore" in entry && entry.type === "compaction") {
    return { kind: "compaction", summary: entry.summary, tokensBefore: entry.tokensBefore };
  }
  if ("summary" in entry && entry.type === "branch_summary")
    return { kind: "branch_summary", summary: entry.summary };
  if ("modelId" in entry && entry.type === "model_change") {
    return { kind: "model_change", provider: entry.provider, modelId: entry.modelId };
  }
  if ("thinkingLevel" in entry && entry.type === "thinking_level_change") {
    return { kind: "thinking_level_change", thinkingLevel: entry.thinkingLevel };
  }
  return undefined;
}
