/**
 * What a fork copies: the root → entry path (same ids), the labels on it and the
 * checkpoints tied to it (so a fork can rewind its code too).
 */
import { CURRENT_SESSION_VERSION, type SessionEntry, type SessionHeader } from "./entries.js";
import type { EntryIndex } from "./entry-index.js";
import { newEntryId, newSessionId } from "./ids.js";

export function newSessionHeader(
  cwd: string,
  parentSession?: string,
  parentToolCallId?: string,
): SessionHeader {
  return {
    type: "session",
    version: CURRENT_SESSION_VERSION,
    id: newSessionId(),
    timestamp: new Date().toISOString(),
    cwd,
    ...(parentSession ? { parentSession } : {}),
    ...(parentToolCallId ? { parentToolCallId } : {}),
  };
}

export function forkedEntries(index: EntryIndex, fromEntryId: string): SessionEntry[] {
  const path = index.branch(fromEntryId);
  const entries: SessionEntry[] = [...path];
  const timestamp = new Date().toISOString();
  const taken = new Set(path.map((entry) => entry.id));
  for (const entry of index.entries) {
    if (entry.type !== "checkpoint" || !taken.has(entry.targetId)) continue;
    taken.add(entry.id);
    entries.push({ ...entry, parentId: fromEntryId });
  }
  for (const entry of path) {
    const label = index.labelOf(entry.id);
    if (!label) continue;
    const id = newEntryId((candidate) => taken.has(candidate));
    taken.add(id);
    entries.push({
      type: "label",
      id,
      parentId: fromEntryId,
      timestamp,
      targetId: entry.id,
      label,
    });
  }
  return entries;
}
