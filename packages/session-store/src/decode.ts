/**
 * Raw JSON record → typed entry. A known type missing what it needs is reported as
 * corrupt and skipped; an unknown type is kept as an UnknownEntry (never dropped).
 */
import { type EarlierEntries, fromStoredAssistant, isStoredAssistant } from "./delta-lines.js";
import type { SessionEntry } from "./entries.js";
import { fromStoredMessage } from "./tool-output.js";

const KNOWN_FIELDS: Record<string, string[]> = {
  message: ["message"],
  compaction: ["summary", "firstKeptEntryId"],
  branch_summary: ["fromId", "summary"],
  model_change: ["provider", "modelId"],
  thinking_level_change: ["thinkingLevel"],
  custom: ["customType"],
  label: ["targetId"],
  leaf: ["targetId"],
  checkpoint: ["targetId", "trigger", "snapshot"],
  session_info: ["name"],
};

export type DecodeResult =
  | { ok: true; entry: SessionEntry }
  | { ok: false; reason: string }
  /** A record without an id: nothing can point at it, so it is kept only as a line. */
  | { ok: "detached"; raw: Record<string, unknown> };

/** `earlier` finds what a tool result refers to among the entries loaded before it. */
export function decodeEntry(
  record: Record<string, unknown>,
  earlier?: EarlierEntries,
): DecodeResult {
  let raw = record;
  const { type, id, parentId, timestamp } = raw;
  if (typeof type !== "string") return { ok: false, reason: "it has no `type`" };
  if (type === "session") return { ok: false, reason: "a second session header" };
  const required = KNOWN_FIELDS[type];
  if (typeof id !== "string" || id === "") {
    return required
      ? { ok: false, reason: `a ${type} entry without an id` }
      : { ok: "detached", raw };
  }
  if (parentId !== null && typeof parentId !== "string") {
    return { ok: false, reason: `entry ${id} has no valid parentId` };
  }
  const time = typeof timestamp === "string" ? timestamp : new Date(0).toISOString();
  if (!required) {
    return {
      ok: true,
      entry: { type: "unknown", originalType: type, raw, id, parentId, timestamp: time },
    };
  }
  const missing = required.filter((field) => raw[field] === undefined);
  if (missing.length > 0) {
    return { ok: false, reason: `${type} entry ${id} lacks ${missing.join(", ")}` };
  }
  if (type === "message") {
    const message = raw.message as { role?: unknown } | null;
    if (message === null || typeof message !== "object" || typeof message.role !== "string") {
      return { ok: false, reason: `message entry ${id} has no message role` };
    }
    const rebuilt = isStoredAssistant(raw)
      ? fromStoredAssistant(raw, earlier?.entry)
      : fromStoredMessage(raw, earlier);
    if (!rebuilt) {
      return {
        ok: false,
        reason: `message entry ${id} has tool output that does not fit its text`,
      };
    }
    raw = rebuilt;
  }
  if (time !== timestamp) return { ok: true, entry: { ...raw, timestamp: time } as SessionEntry };
  return { ok: true, entry: raw as unknown as SessionEntry };
}
