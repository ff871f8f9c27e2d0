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
  return {
    sessionId: header.id,
    cwd: header.cwd,
    createdAt: header.timestamp,
    items: modelsInEffect(items),
  };
}

type ModelChange = Extract<ExportItem, { kind: "model_change" }>;

/**
 * The model notices of a path as the models that answered on it. A `model_change` entry
 * says what was picked, not what answered: a rewind or a move in the tree keeps the
 * model in use while the path it goes to may hold another pick (the export said
 * "Model changed to …opus" above replies of sonnet). So a notice stands where the model
 * that answers changes — in place of the pick before that answer, or just before the
 * answer when the path has none — and a pick nobody answered after is kept only last,
 * as the model the next prompt gets. Pinned by apps/rpc/test/rewind.test.ts.
 */
function modelsInEffect(items: readonly ExportItem[]): ExportItem[] {
  const out: ExportItem[] = [];
  let answering: string | undefined;
  /** The latest pick since the last answer, by its index in `out`. */
  let picked: { at: number; item: ModelChange } | undefined;
  for (const item of items) {
    if (item.kind === "model_change") {
      if (picked) out.splice(picked.at, 1);
      picked = { at: out.length, item };
      out.push(item);
      continue;
    }
    if (item.kind === "message" && item.message.role === "assistant" && item.message.model) {
      const { provider, model } = item.message;
      const name = `${provider}/${model}`;
      const notice: ModelChange = { kind: "model_change", provider, modelId: model };
      if (picked) out.splice(picked.at, 1, ...(name === answering ? [] : [notice]));
      else if (name !== answering) out.push(notice);
      answering = name;
      picked = undefined;
    }
    out.push(item);
  }
  if (picked && `${picked.item.provider}/${picked.item.modelId}` === answering)
    out.splice(picked.at, 1);
  return out;
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
