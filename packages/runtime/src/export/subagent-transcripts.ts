import { isRecord } from "@gong/base";
import {
  documentFromEntries,
  type ExportableEntry,
  type ExportableHeader,
  type ExportDocument,
} from "@gong/render";
import { SessionStore } from "@gong/session-store";

/**
 * A session's branch as the export's document, with each finished `task` call's
 * transcript (its result's `data.transcript`) read and nested under the call. A
 * transcript that is gone or unreadable is left out: the call still shows its result.
 */
export function sessionDocument(
  header: ExportableHeader,
  entries: readonly ExportableEntry[],
): ExportDocument {
  const doc = documentFromEntries(header, entries);
  const subagents: Record<string, ExportDocument> = {};
  for (const item of doc.items) {
    if (item.kind !== "message" || item.message.role !== "toolResult") continue;
    const file = transcriptOf(item.message.toolName, item.message.details);
    const transcript = file ? readTranscript(file) : undefined;
    if (transcript) subagents[item.message.toolCallId] = transcript;
  }
  return Object.keys(subagents).length > 0 ? { ...doc, subagents } : doc;
}

function transcriptOf(toolName: string, details: unknown): string | undefined {
  if (toolName !== "task" || !isRecord(details) || !isRecord(details.data)) return undefined;
  const file = details.data.transcript;
  return typeof file === "string" ? file : undefined;
}

function readTranscript(file: string): ExportDocument | undefined {
  const opened = SessionStore.open(file, { readOnly: true });
  if (!opened.ok) return undefined;
  try {
    return documentFromEntries(opened.value.header, opened.value.getBranch());
  } finally {
    opened.value.close();
  }
}
