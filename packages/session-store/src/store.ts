/**
 * A session with a lifetime: the file handle, the writer lock and the in-memory index.
 * Every append writes one line and returns the new entry; reading never touches disk.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Message, ThinkingLevel } from "@gong/llm";
import { buildContextFromPath, type SessionContext } from "./context.js";
import {
  type BranchSummaryEntry,
  type CheckpointEntry,
  type CompactionDetails,
  type CompactionEntry,
  type CustomEntry,
  entryToRecord,
  type LabelEntry,
  type LeafEntry,
  type MessageEntry,
  type ModelChangeEntry,
  type SessionEntry,
  type SessionHeader,
  type SessionInfoEntry,
  type SessionTreeNode,
  type ShortenedMessage,
  type ThinkingLevelChangeEntry,
  type TreeEntry,
} from "./entries.js";
import { EntryIndex } from "./entry-index.js";
import {
  entryNotFound,
  fail,
  ioError,
  ok,
  type Result,
  type SessionWarning,
  type SessionWriteFailure,
  type WarningListener,
} from "./errors.js";
import type { FindSessionOptions } from "./find.js";
import { resolveSessionRef } from "./find-by-name.js";
import { forkedEntries, newSessionHeader } from "./fork.js";
import { newEntryId } from "./ids.js";
import { loadSessionFile } from "./load.js";
import { acquireLock, type SessionLock } from "./lock.js";
import { openWritable } from "./open-writable.js";
import { type SessionLocationOptions, sessionDirFor, sessionFileName } from "./paths.js";
import { serializeSession, writeFileDurably } from "./session-file.js";
import { computeStats, type SessionStats } from "./stats.js";
import { FileLineWriter, type LineWriter } from "./writer.js";

/**
 * When appends are forced to stable storage. `message-end` (default) syncs after each
 * user and assistant message and each summary — the points a user would hate to lose —
 * and lets tool results and bookkeeping ride along with the next sync. That sync waits
 * up to SYNC_DELAY_MS (and is done on close), so the messages of a fast turn share one
 * fdatasync instead of paying ~4 ms each: every line is still written at once, which is
 * what survives a crash or kill -9; only a power loss can take the last 250 ms.
 */

/** A session name is one short line: listings and `/resume` show it whole. */
const MAX_NAME_CHARS = 100;
/** Half the tail a listing reads: the last name line is never further back than that. */
const NAME_REPEAT_BYTES = 32 * 1024;
export type FsyncPolicy = "always" | "message-end" | "never";

const SYNC_DELAY_MS = 250;

export interface SessionStoreOptions {
  fsync?: FsyncPolicy;
  /** Recovered problems (corrupt line, torn tail…); also kept in `store.warnings`. */
  onWarning?: WarningListener;
  /** An append that could not reach the disk (e.g. ENOSPC); retried on the next one. */
  onWriteFailure?: (failure: SessionWriteFailure) => void;
}

export interface CreateSessionOptions extends SessionStoreOptions, SessionLocationOptions {
  cwd: string;
  /** Recorded in the header of a fork. */
  parentSession?: string;
  /** Recorded in the header of a subagent's transcript, with `parentSession`. */
  parentToolCallId?: string;
  /** Create the file here (`--session new.jsonl`) instead of in the sessions folder. */
  path?: string;
}

export interface OpenSessionOptions extends SessionStoreOptions, FindSessionOptions {
  /** Load without taking the lock (export, listing, viewing another window's session). */
  readOnly?: boolean;
}

export interface CompactionInput {
  summary: string;
  firstKeptEntryId: string;
  /** See `CompactionEntry.turnStartEntryId`. */
  turnStartEntryId?: string;
  tokensBefore: number;
  /** See `CompactionEntry.shortened`. */
  shortened?: ShortenedMessage[];
  details?: CompactionDetails;
}

export interface BranchOptions {
  /** Summary of the branch being left, appended as a branch_summary at the new position. */
  summary?: string;
  details?: unknown;
}

const SYNCED_TYPES = new Set(["compaction", "branch_summary"]);

export class SessionStore {
  readonly warnings: SessionWarning[] = [];
  private closed = false;
  private lastFailure: SessionWriteFailure | undefined;
  /** A `message-end` sync waiting for the appends after it (see FsyncPolicy). */
  /** Bytes appended since the last `session_info` line (keepNameInTail). */
  private bytesSinceName = 0;
  private syncTimer: NodeJS.Timeout | undefined;

  /**
   * A new session whose file does not exist yet: it is written, whole and synced, with
   * the first message (`writeFirst`). Until then nothing is on disk, so a start without
   * a message leaves no empty session behind for `-r` to list or `-c` to pick (issue 22.6).
   */
  private unwritten = false;

  private constructor(
    readonly header: SessionHeader,
    /** undefined for an in-memory session (`--no-session`). */
    readonly path: string | undefined,
    private readonly index: EntryIndex,
    private writer: LineWriter | undefined,
    private lock: SessionLock | undefined,
    readonly readOnly: boolean,
    private readonly options: SessionStoreOptions,
  ) {}

  /**
   * A new session for `cwd` (docs/architecture.md, "The session file"). Its file is created, and locked by
   * this process, when the first message is appended; the folder is made now so a folder
   * that cannot be written fails here, at the start.
   */
  static create(options: CreateSessionOptions): Result<SessionStore> {
    const dir = sessionDirFor(options.cwd, options);
    const header = newSessionHeader(options.cwd, options.parentSession, options.parentToolCallId);
    const path = options.path ?? join(dir, sessionFileName(header.timestamp, header.id));
    try {
      mkdirSync(join(path, ".."), { recursive: true });
    } catch (error) {
      return fail(ioError(path, error, "create session file"));
    }
    const store = new SessionStore(
      header,
      path,
      new EntryIndex(),
      undefined,
      undefined,
      false,
      options,
    );
    store.unwritten = true;
    return ok(store);
  }

  /** Opens a session by path or id prefix; takes the lock unless `readOnly`. */
  static open(pathOrId: string, options: OpenSessionOptions = {}): Result<SessionStore> {
    const resolved = resolveSessionRef(pathOrId, options);
    if (!resolved.ok) return resolved;
    const path = resolved.value;
    if (options.readOnly) {
      const loaded = loadSessionFile(path);
      if (!loaded.ok) return loaded;
      const { header, index, warnings } = loaded.value;
      const store = new SessionStore(header, path, index, undefined, undefined, true, options);
      store.report(warnings);
      return ok(store);
    }

    const opened = openWritable(path);
    if (!opened.ok) return opened;
    const { session, writer, lock } = opened.value;
    const store = new SessionStore(
      session.header,
      path,
      session.index,
      writer,
      lock,
      false,
      options,
    );
    store.report(session.warnings);
    return ok(store);
  }

  /** A session that lives only in memory (`--no-session`), with the same API. */
  static inMemory(options: { cwd: string } & SessionStoreOptions): SessionStore {
    const header = newSessionHeader(options.cwd);
    return new SessionStore(
      header,
      undefined,
      new EntryIndex(),
      undefined,
      undefined,
      false,
      options,
    );
  }

  private static writeNew(
    path: string,
    header: SessionHeader,
    entries: readonly SessionEntry[],
    options: SessionStoreOptions,
  ): Result<SessionStore> {
    const written = writeSessionFile(path, header, entries);
    if (!written.ok) return written;
    const index = new EntryIndex();
    for (const entry of entries) index.add(entry);
    const { writer, lock } = written.value;
    return ok(new SessionStore(header, path, index, writer, lock, false, options));
  }

  /**
   * The first message of a new session: the file is written with the header and every
   * entry so far (model or thinking changes made before it), the message included. A
   * failure is reported like a failed append and tried again with the next entry.
   */
  private writeFirst(path: string): SessionWriteFailure | undefined {
    const written = writeSessionFile(path, this.header, this.index.entries);
    if (!written.ok) {
      return {
        code: "WRITE_FAILED",
        message: `${written.error.message}. The entries are kept in memory and retried on the next append.`,
        path,
        pendingEntries: this.index.entries.length,
      };
    }
    this.writer = written.value.writer;
    this.lock = written.value.lock;
    this.unwritten = false;
    return undefined;
  }

  get id(): string {
    return this.header.id;
  }

  get cwd(): string {
    return this.header.cwd;
  }

  get leafId(): string | null {
    return this.index.leafId;
  }

  /** The last append that failed to reach the disk, until one succeeds again. */
  get writeFailure(): SessionWriteFailure | undefined {
    return this.lastFailure;
  }

  getLeaf(): TreeEntry | undefined {
    return this.index.leafId === null ? undefined : this.index.getTreeEntry(this.index.leafId);
  }

  getEntry(id: string): SessionEntry | undefined {
    return this.index.get(id);
  }

  /** Every entry in file order, labels and leaf moves included. */
  getEntries(): readonly SessionEntry[] {
    return this.index.entries;
  }

  /** Root → leaf path (default: the current leaf). */
  getBranch(leafId?: string): TreeEntry[] {
    return this.index.branch(leafId ?? this.index.leafId);
  }

  getChildren(id: string): readonly TreeEntry[] {
    return this.index.childrenOf(id);
  }

  getTree(): SessionTreeNode[] {
    return this.index.tree();
  }

  getLabel(id: string): string | undefined {
    return this.index.labelOf(id);
  }

  buildContext(leafId?: string): SessionContext {
    return buildContextFromPath(this.getBranch(leafId));
  }

  stats(): SessionStats {
    return computeStats(this.index.entries);
  }

  appendMessage(message: Message): MessageEntry {
    return this.append({ type: "message", ...this.base(), message });
  }

  appendCompaction(input: CompactionInput): CompactionEntry {
    this.requireEntry(input.firstKeptEntryId, "firstKeptEntryId");
    if (input.turnStartEntryId !== undefined) {
      this.requireEntry(input.turnStartEntryId, "turnStartEntryId");
    }
    return this.append({
      type: "compaction",
      ...this.base(),
      summary: input.summary,
      firstKeptEntryId: input.firstKeptEntryId,
      ...(input.turnStartEntryId !== undefined ? { turnStartEntryId: input.turnStartEntryId } : {}),
      tokensBefore: input.tokensBefore,
      ...(input.shortened?.length ? { shortened: input.shortened } : {}),
      ...(input.details ? { details: input.details } : {}),
    });
  }

  /** `fromId`: the leaf of the branch that was left and is summarised. */
  appendBranchSummary(input: {
    fromId: string;
    summary: string;
    details?: unknown;
  }): BranchSummaryEntry {
    this.requireEntry(input.fromId, "fromId");
    return this.append({
      type: "branch_summary",
      ...this.base(),
      fromId: input.fromId,
      summary: input.summary,
      ...(input.details !== undefined ? { details: input.details } : {}),
    });
  }

  appendModelChange(provider: string, modelId: string): ModelChangeEntry {
    return this.append({ type: "model_change", ...this.base(), provider, modelId });
  }

  appendThinkingLevelChange(thinkingLevel: ThinkingLevel): ThinkingLevelChangeEntry {
    return this.append({ type: "thinking_level_change", ...this.base(), thinkingLevel });
  }

  appendCustom(customType: string, data?: unknown): CustomEntry {
    return this.append({
      type: "custom",
      ...this.base(),
      customType,
      ...(data !== undefined ? { data } : {}),
    });
  }

  /** Sets (or with `label` undefined/empty, removes) a bookmark; the leaf stays put. */
  setLabel(targetId: string, label: string | undefined): Result<LabelEntry> {
    if (!this.index.getTreeEntry(targetId)) return fail(entryNotFound(targetId));
    const text = label?.trim() ? label.trim() : null;
    return ok(this.append({ type: "label", ...this.base(), targetId, label: text }));
  }

  /** The session's name (`/rename`), undefined when it has none. */
  get name(): string | undefined {
    return this.index.name;
  }

  /**
   * Names the session (`/rename`; undefined or blank removes the name); the leaf stays
   * put. A name is one line of at most 100 characters, so listings show it whole.
   */
  setName(name: string | undefined): Result<SessionInfoEntry> {
    const text = name?.replace(/\s+/g, " ").trim() ?? "";
    if (text.length > MAX_NAME_CHARS)
      return fail({
        code: "INVALID_NAME",
        message: `A session name has at most ${MAX_NAME_CHARS} characters (this one has ${text.length}).`,
      });
    return ok(this.append({ type: "session_info", ...this.base(), name: text || null }));
  }

  /** Ties a snapshot of the project's files to `targetId`; the leaf stays put. */
  appendCheckpoint(
    input: Pick<CheckpointEntry, "targetId" | "trigger" | "snapshot" | "skipped">,
  ): Result<CheckpointEntry> {
    if (!this.index.has(input.targetId)) return fail(entryNotFound(input.targetId));
    const { targetId, trigger, snapshot, skipped } = input;
    return ok(
      this.append({
        type: "checkpoint",
        ...this.base(),
        targetId,
        trigger,
        snapshot,
        ...(skipped && skipped.length > 0 ? { skipped } : {}),
      }),
    );
  }

  /**
   * Moves the leaf to `fromEntryId` (the next append becomes its child) and records the
   * move, so a restart resumes here. With a summary, the branch left behind is
   * summarised at the new position.
   */
  branch(fromEntryId: string, options: BranchOptions = {}): Result<TreeEntry> {
    const target = this.index.getTreeEntry(fromEntryId);
    if (!target) return fail(entryNotFound(fromEntryId));
    const previousLeaf = this.index.leafId;
    const move: LeafEntry = { type: "leaf", ...this.base(), targetId: fromEntryId };
    this.append(move);
    if (options.summary && previousLeaf !== null) {
      return ok(
        this.appendBranchSummary({
          fromId: previousLeaf,
          summary: options.summary,
          ...(options.details !== undefined ? { details: options.details } : {}),
        }),
      );
    }
    return ok(target);
  }

  /** Moves the leaf back before the first entry (the next append is a new root) and records it. */
  resetLeaf(): void {
    this.append({ type: "leaf", ...this.base(), targetId: null } satisfies LeafEntry);
  }

  /**
   * A new session holding the root → `fromEntryId` path of this one (same entry ids,
   * labels on that path kept), leaf at `fromEntryId`. An in-memory session forks in memory.
   */
  fork(fromEntryId: string, options: SessionLocationOptions = {}): Result<SessionStore> {
    if (!this.index.getTreeEntry(fromEntryId)) return fail(entryNotFound(fromEntryId));
    const entries = forkedEntries(this.index, fromEntryId);
    const header = newSessionHeader(this.header.cwd, this.path);
    if (!this.path) {
      const store = SessionStore.inMemory({ ...this.options, cwd: this.header.cwd });
      for (const entry of entries) store.index.add(entry);
      return ok(store);
    }
    const dir =
      options.sessionDir || options.gongHome
        ? sessionDirFor(this.header.cwd, options)
        : join(this.path, "..");
    return SessionStore.writeNew(
      join(dir, sessionFileName(header.timestamp, header.id)),
      header,
      entries,
      this.options,
    );
  }

  /** Releases the lock and the file. The store stays readable; appends then throw. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.syncTimer) this.syncNow();
    this.writer?.close();
    this.lock?.release();
  }

  private base(): { id: string; parentId: string | null; timestamp: string } {
    return {
      id: newEntryId((id) => this.index.has(id)),
      parentId: this.index.leafId,
      timestamp: new Date().toISOString(),
    };
  }

  private append<T extends SessionEntry>(entry: T): T {
    // Appending to a read-only or closed store is a bug in the caller, not a user error.
    if (this.readOnly) throw new Error(`Session ${this.header.id} was opened read-only`);
    if (this.closed) throw new Error(`Session ${this.header.id} is closed`);
    this.index.add(entry);
    if (this.unwritten && this.path) {
      if (entry.type !== "message") return entry;
      const failure = this.writeFirst(this.path);
      this.lastFailure = failure;
      if (failure) this.options.onWriteFailure?.(failure);
    } else if (this.writer) {
      const policy = this.options.fsync ?? "message-end";
      const line = JSON.stringify(entryToRecord(entry));
      const failure = this.writer.append(line, policy === "always");
      this.lastFailure = failure;
      if (failure) this.options.onWriteFailure?.(failure);
      if (policy === "message-end" && endsMessage(entry)) this.syncSoon();
      this.keepNameInTail(entry, line.length);
    }
    return entry;
  }

  /**
   * Listings read a file's first and last 64 KB (list.ts): a named session's name is
   * written again once NAME_REPEAT_BYTES were appended after it, so it stays in the tail
   * however long the session grows (session-name.test.ts).
   */
  private keepNameInTail(entry: SessionEntry, bytes: number): void {
    if (entry.type === "session_info") {
      this.bytesSinceName = 0;
      return;
    }
    this.bytesSinceName += bytes + 1;
    const name = this.index.name;
    if (name && this.bytesSinceName > NAME_REPEAT_BYTES)
      this.append({ type: "session_info", ...this.base(), name });
  }

  private syncSoon(): void {
    if (this.syncTimer) return;
    this.syncTimer = setTimeout(() => this.syncNow(), SYNC_DELAY_MS);
    // A pending sync never keeps the process alive: close() does it on the way out.
    this.syncTimer.unref();
  }

  private syncNow(): void {
    clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    const failure = this.writer?.sync();
    if (!failure) return;
    this.lastFailure = failure;
    this.options.onWriteFailure?.(failure);
  }

  private requireEntry(id: string, field: string): void {
    if (!this.index.has(id)) {
      throw new Error(`${field} ${id} is not an entry of session ${this.header.id}`);
    }
  }

  private report(warnings: readonly SessionWarning[]): void {
    for (const warning of warnings) {
      this.warnings.push(warning);
      this.options.onWarning?.(warning);
    }
  }
}

/** The entries `message-end` syncs after: what a user would hate to lose. */
function endsMessage(entry: SessionEntry): boolean {
  if (entry.type === "message") return entry.message.role !== "toolResult";
  return SYNCED_TYPES.has(entry.type);
}

/**
 * Creates a session file, written whole and synced before anyone can see it (a new file
 * always has its header, a fork all its copied entries), then locks it for appends.
 */
function writeSessionFile(
  path: string,
  header: SessionHeader,
  entries: readonly SessionEntry[],
): Result<{ writer: LineWriter; lock: SessionLock }> {
  try {
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileDurably(path, serializeSession(header, entries), true);
  } catch (error) {
    return fail(ioError(path, error, "create session file"));
  }
  const locked = acquireLock(path);
  if (!locked.ok) return locked;
  try {
    return ok({ writer: FileLineWriter.open(path), lock: locked.value });
  } catch (error) {
    locked.value.release();
    return fail(ioError(path, error, "open"));
  }
}
