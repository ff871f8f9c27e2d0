/**
 * The on-disk format (docs/architecture.md, "The session file"): one JSON object per line, a header line, then
 * entries that form a tree through `id` / `parentId`. Every entry is written with `type`
 * as its first key; the fast listing relies on that (see list.ts).
 */
import type { Message, ThinkingLevel } from "@gong/llm";
import { toStoredMessage } from "./tool-output.js";

/** The version this code writes. Older files are migrated on load (migrate.ts). */
export const CURRENT_SESSION_VERSION = 1;

export interface SessionHeader {
  type: "session";
  version: number;
  id: string;
  /** ISO 8601, when the session was created. */
  timestamp: string;
  cwd: string;
  /** The file this session was forked from, when it was; a subagent's: the session that ran it. */
  parentSession?: string;
  /** A subagent's transcript: the id of the parent's `task` call that ran it. */
  parentToolCallId?: string;
}

interface EntryBase {
  id: string;
  /** null only for the first entry of the tree. */
  parentId: string | null;
  /** ISO 8601. */
  timestamp: string;
}

/** Any message. A toolResult's `details` is the tool envelope as the agent stored it
 *  (for a spilled output: the truncation wrapper with preview + path, never the blob). */
export interface MessageEntry extends EntryBase {
  type: "message";
  message: Message;
}

/** Files the summarised part of the conversation read or changed (packages/agent-core/test/j12-compaction.test.ts 2.5). */
export interface CompactionDetails {
  readFiles?: string[];
  modifiedFiles?: string[];
  [key: string]: unknown;
}

export interface CompactionEntry extends EntryBase {
  type: "compaction";
  summary: string;
  /** The first entry on the branch that is kept verbatim after the summary. */
  firstKeptEntryId: string;
  /**
   * When the cut fell inside a turn: the user message that started it, kept verbatim
   * between the summary and `firstKeptEntryId` (the last request survives compaction,
   * test/context.test.ts "item 9") while the turn's middle stays summarised.
   */
  turnStartEntryId?: string;
  tokensBefore: number;
  /**
   * Kept messages the compaction cut shorter so the context fits (tool results of a
   * message over the results budget, or stubbed): the context uses these copies instead
   * of the entries they name (test/context.test.ts "shortened").
   */
  shortened?: ShortenedMessage[];
  details?: CompactionDetails;
}

/** A kept message as a compaction shortened it, and the entry it stands for. */
export interface ShortenedMessage {
  entryId: string;
  message: Message;
}

/** Summary of the branch the user left when moving to `fromId`'s subtree. */
export interface BranchSummaryEntry extends EntryBase {
  type: "branch_summary";
  fromId: string;
  summary: string;
  details?: unknown;
}

export interface ModelChangeEntry extends EntryBase {
  type: "model_change";
  provider: string;
  modelId: string;
}

export interface ThinkingLevelChangeEntry extends EntryBase {
  type: "thinking_level_change";
  thinkingLevel: ThinkingLevel;
}

/** Extension data that takes no part in the model context. */
export interface CustomEntry extends EntryBase {
  type: "custom";
  customType: string;
  data?: unknown;
}

/**
 * A bookmark on another entry (`label: null` removes it). Not a tree node: it does not
 * move the leaf; its parentId records where the leaf was when it was set.
 */
export interface LabelEntry extends EntryBase {
  type: "label";
  targetId: string;
  label: string | null;
}

/**
 * A leaf move (branch / switch). Not a tree node: replaying these on load is how the
 * current leaf survives a restart instead of being guessed from the last line.
 * parentId is the leaf before the move.
 */
export interface LeafEntry extends EntryBase {
  type: "leaf";
  /** null: back before the first entry (a rewind to the session's first prompt). */
  targetId: string | null;
}

/**
 * A snapshot of the project's files tied to the entry it belongs to (the checkpoint
 * store of @gong/runtime). Not a tree node: like a label, it does not move the leaf; its
 * parentId records where the leaf was. `prompt`: the files before the user message
 * `targetId`; `tool`: before a tool call that may change files (`targetId`: the leaf then);
 * `rewind`: the files and leaf (`targetId`) just before a rewind, so it can be undone;
 * `after`: the files just after a tool call that may change them, or a rewind, changed
 * them (`targetId`: the leaf then) — what this session's own actions left, so a rewind
 * can tell the changes made since by something else (the user, another session).
 */
export interface CheckpointEntry extends EntryBase {
  type: "checkpoint";
  targetId: string;
  trigger: "prompt" | "tool" | "rewind" | "after";
  /** The snapshot's id in the project's checkpoint store. */
  snapshot: string;
  /** Files left out of the snapshot (over the size limit), relative to the project. */
  skipped?: string[];
}

/**
 * The session's name (`/rename`; `name: null` removes it). Not a tree node: like a label
 * it does not move the leaf, and the latest one in the file names the session whatever
 * branch is current. Listings find it without reading the whole file (list.ts).
 */
export interface SessionInfoEntry extends EntryBase {
  type: "session_info";
  name: string | null;
}

/**
 * An entry of a type this version does not know (written by a newer Gong or an
 * extension). Kept in the tree and written back byte-for-byte in meaning on rewrite,
 * never dropped; it takes no part in the model context.
 */
export interface UnknownEntry extends EntryBase {
  type: "unknown";
  /** The `type` the line carried. */
  originalType: string;
  /** The line as parsed, written back unchanged on fork or migration. */
  raw: Record<string, unknown>;
}

export type SessionEntry =
  | MessageEntry
  | CompactionEntry
  | BranchSummaryEntry
  | ModelChangeEntry
  | ThinkingLevelChangeEntry
  | CustomEntry
  | LabelEntry
  | LeafEntry
  | CheckpointEntry
  | SessionInfoEntry
  | UnknownEntry;

/** Entries that are nodes of the conversation tree (everything but label, leaf, checkpoint and session_info). */
export type TreeEntry = Exclude<
  SessionEntry,
  LabelEntry | LeafEntry | CheckpointEntry | SessionInfoEntry
>;

export const isTreeEntry = (entry: SessionEntry): entry is TreeEntry =>
  entry.type !== "label" &&
  entry.type !== "leaf" &&
  entry.type !== "checkpoint" &&
  entry.type !== "session_info";

/** What `getTree()` returns: nested nodes with their children and current label. */
export interface SessionTreeNode {
  entry: TreeEntry;
  children: SessionTreeNode[];
  label?: string;
}

/**
 * The JSON written for an entry: UnknownEntry goes back to its original shape, a tool
 * result stores its output once inside its line (tool-output.ts); every other entry as
 * it is. No line refers to another.
 */
export function entryToRecord(entry: SessionEntry): Record<string, unknown> {
  if (entry.type === "unknown") return entry.raw;
  if (entry.type !== "message") return entry as unknown as Record<string, unknown>;
  return toStoredMessage(entry);
}
