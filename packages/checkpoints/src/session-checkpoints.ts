/**
 * A session's checkpoints (docs: packages/session-store README, `checkpoint`): a
 * snapshot of the project at each user message and before each tool call that may
 * change files, each tied to its entry in the session; and the rewind that puts the
 * files, the conversation or both back as they were before a prompt. Snapshots run one
 * at a time, in the order they were asked for, off the tool calls' way (issue 39 item 3):
 * a write or edit reads the file it changes in its gate and goes on while its snapshot
 * is taken; a call that may change any file (bash, MCP, task) waits only until the
 * project's content is in the store, not for the tree and commit. The project's first
 * snapshot starts when the session opens, and a large one (thousands of files to hash)
 * holds up no call: writes and edits are covered by what their gates read, and a rewind
 * says that other changes made before it was done are not. A store that cannot be
 * written is one warning, never a failed tool call.
 */
import type { AgentEvent, AgentHooks } from "@gong/agent-core";
import type { Result } from "@gong/base";
import type { Message } from "@gong/llm";
import type { CheckpointEntry, SessionEntry, SessionStore } from "@gong/session-store";
import type { CapturedFile } from "./captured-files.js";
import { changeKey, changesByOthers, markOthers } from "./changes-by-others.js";
import type { FileChange } from "./file-changes.js";
import { storeSize } from "./retention.js";
import type { SnapshotOptions, SnapshotStore } from "./snapshot-store.js";

/**
 * Tools that may change files: bash and MCP tools can change anything, and `task` runs
 * subagents that have these tools (their changes are this session's own).
 */
export function mayChangeFiles(toolName: string): boolean {
  return ["write", "edit", "bash", "task"].includes(toolName) || toolName.startsWith("mcp__");
}

const STORE_UNWRITABLE =
  "The checkpoint store cannot be written, so the files cannot be compared; see the warning above.";

/** The gate may wait for the content of a large tree to be hashed; it never blocks a call. */
const SNAPSHOT_GATE_TIMEOUT_MS = 10 * 60_000;

/** Tools whose gate reads the one file they change (`path`) instead of waiting. */
const CHANGES_ITS_PATH = new Set(["write", "edit"]);

const NOT_COVERED_WHILE_FIRST =
  "Changes made by bash, MCP tools or subagents while the project's first snapshot was still being taken are not covered.";

/** A file as a gate read it, for the snapshots asked for up to that gate (`seq`). */
interface PendingCapture {
  seq: number;
  file: CapturedFile;
}

export type RewindRestore = "code" | "conversation" | "both";

export interface CheckpointInfo {
  /** What `rewind` takes: the user message's entry id, or a rewind's own checkpoint id. */
  entryId: string;
  kind: "prompt" | "rewind";
  /** The prompt's text (empty for a rewind). */
  text: string;
  timestamp: string;
  /** Files a code rewind to this point changes now. */
  files: number;
  /** Of those, the files changed by others since (not by this session's tools): see `FileChange.byOthers`. */
  filesByOthers: number;
}

export interface CheckpointList {
  checkpoints: CheckpointInfo[];
  /** Bytes the project's checkpoint store takes on disk (every session of the project). */
  storeBytes: number;
}

export interface RewindOutcome {
  /** The files that were put back. */
  files: FileChange[];
  /**
   * Files that could not be put back (each still differs from the checkpoint), with
   * `notRestoredReason`: a rewind never skips a file without saying so.
   */
  notRestored: FileChange[];
  notRestoredReason?: string;
  /** The checkpoint recorded just before: rewinding to it undoes this rewind. */
  undoId?: string;
}

export interface RewindPlan {
  entryId: string;
  restore: RewindRestore;
  /**
   * The files a code rewind changes (empty for the conversation alone); `byOthers` marks
   * those changed since by something other than this session's tools, whose changes the
   * rewind undoes too: front ends name them and ask first.
   */
  files: FileChange[];
  /** The leaf after a conversation rewind; null is before the first message. */
  leafId: string | null;
  /** The prompt's text, given back to the editor. */
  text?: string;
  /** What the rewind does not cover (bash changes without git, files over the size limit). */
  notes: string[];
}

/** A checkpoint for the session to record: a snapshot tied to the entry `targetId`. */
export type NewCheckpoint = Pick<CheckpointEntry, "targetId" | "trigger" | "snapshot" | "skipped">;

/** The entry a recorded checkpoint became, or why it was not written. */
export type RecordedCheckpoint =
  | { ok: true; value: { id: string } }
  | { ok: false; error: unknown };

/**
 * The session as checkpoints see it: its entries to read, and the session's one writer
 * (@gong/runtime's recorder) to record a checkpoint with; nothing here writes the file.
 */
export interface CheckpointSession {
  entries: Pick<SessionStore, "leafId" | "getEntries" | "getEntry">;
  record(checkpoint: NewCheckpoint): RecordedCheckpoint;
}

interface RewindTarget {
  snapshot: CheckpointEntry | undefined;
  leafId: string | null;
  text?: string;
}

export class SessionCheckpoints {
  private queue: Promise<unknown> = Promise.resolve();
  private warned = false;
  private lastRecorded: string | undefined;
  /** Tool calls past the snapshot gate and not ended yet: files changing now are ours. */
  private readonly running = new Set<string>();
  /** Snapshots asked for so far; each take's number orders it among the gates' captures. */
  private requested = 0;
  private captures: PendingCapture[] = [];
  /**
   * The project's first snapshot, started when the session opens: "small" once it is
   * done or known to be quick, "large" when a call should not wait for it.
   */
  private first: Promise<"small" | "large"> = Promise.resolve("small");
  /**
   * The number of the last snapshot asked for by a call that may change any file and went
   * on while a large first snapshot was running; the prompts asked for before it (their
   * snapshots wait behind the first one) may hold that call's changes.
   */
  private uncoveredFrom = 0;
  /** Checkpoints (entry ids) whose snapshot may hold such a call's changes. */
  private readonly uncovered = new Set<string>();

  private readonly session: CheckpointSession["entries"];

  constructor(
    private readonly owner: CheckpointSession,
    private readonly snapshots: SnapshotStore,
    private readonly warn: (message: string) => void,
    /** The store's folder, whose size the list reports. */
    private readonly storeDir: string,
  ) {
    this.session = owner.entries;
  }

  /**
   * Takes the project's first snapshot now, in the background, so that the first call
   * that may change files finds the store ready (or, for a large project, never waits
   * for it).
   */
  start(): void {
    if (this.snapshots.refusal !== undefined) return;
    this.first = new Promise((resolve) => {
      const large = () => resolve("large");
      void this.take(undefined, undefined, [], { onLarge: large }).then(() => {
        // Done: from here on every call waits for its snapshot's content again.
        this.first = Promise.resolve("small");
        resolve("small");
      });
    });
  }

  /** Called with every agent event after the recorder: a user message gets its snapshot. */
  observe(event: AgentEvent, entryIdOf: (message: Message) => string | undefined): void {
    // A call blocked by a later gate has no result hook: it changed nothing.
    if (event.type === "tool_execution_end") this.running.delete(event.toolCallId);
    if (event.type !== "message_end" || event.discarded || event.message.role !== "user") return;
    const entryId = entryIdOf(event.message);
    if (entryId !== undefined) void this.take("prompt", entryId);
  }

  /** The gate that snapshots before a call that may change files; it never blocks one. */
  readonly hook: AgentHooks = {
    name: "checkpoints",
    label: "the checkpoint snapshot taken before each change",
    timeoutMs: SNAPSHOT_GATE_TIMEOUT_MS,
    beforeToolCall: async (toolName, params, info) => {
      if (!mayChangeFiles(toolName)) return undefined;
      const leaf = this.session.leafId;
      const file = typeof params.path === "string" ? [params.path] : [];
      // With calls of ours still running (subagents run side by side), what changed since
      // the last snapshot may be theirs: the span is counted as ours.
      const trigger = this.running.size > 0 ? "after" : "tool";
      if (leaf !== null) await this.beforeChange(toolName, trigger, leaf, file);
      this.running.add(info.toolCallId);
      return undefined;
    },
    // Also called for the calls of subagents, which share these hooks.
    onToolResult: (_toolName, result, info) => {
      if (this.running.delete(info.toolCallId)) {
        // What this session's tool left: changes after this are someone else's. Not
        // waited for: the next snapshot queues behind it.
        const leaf = this.session.leafId;
        if (leaf !== null) void this.take("after", leaf);
      }
      return result;
    },
  };

  /**
   * The snapshot before a call: a write or edit reads its file now and does not wait;
   * any other call waits until the project's content is in the store, unless the
   * project's first snapshot is a large one still running.
   */
  private async beforeChange(
    toolName: string,
    trigger: "tool" | "after",
    leaf: string,
    files: readonly string[],
  ): Promise<void> {
    const captures = CHANGES_ITS_PATH.has(toolName) ? this.snapshots.capture(files) : [];
    // A file over the size limit is left out of snapshots; one the call makes smaller must
    // not be recorded as it is after the call, so that call waits as before.
    if (captures.length > 0 && captures.every((capture) => capture.kind !== "too-large")) {
      const captured = captures.flatMap((capture) =>
        capture.kind === "captured" ? [capture.file] : [],
      );
      void this.take(trigger, leaf, files, {}, captured);
      return;
    }
    const stored = new Promise<void>((resolve) => {
      void this.take(trigger, leaf, files, { onCaptured: resolve }).then(() => resolve());
    });
    const first = await Promise.race([this.first, stored.then(() => "small" as const)]);
    if (first === "large") {
      this.uncoveredFrom = this.requested;
      return;
    }
    await stored;
  }

  /** Set when this session takes no snapshot at all (checkpoints off, the home folder): why. */
  get refusal(): string | undefined {
    return this.snapshots.refusal;
  }

  /** Waits for the snapshots asked for so far. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** The session's prompts and rewinds with a checkpoint, oldest first. */
  async list(): Promise<Result<CheckpointList>> {
    if (this.snapshots.refusal !== undefined) return { ok: false, error: this.snapshots.refusal };
    const now = await this.take(undefined, undefined);
    if (!now) return { ok: false, error: STORE_UNWRITABLE };
    const entries = this.session.getEntries();
    const byOthers = await changesByOthers(entries, this.snapshots, now.id);
    const points: CheckpointInfo[] = [];
    for (const entry of entries) {
      if (entry.type !== "checkpoint" || entry.trigger === "tool" || entry.trigger === "after")
        continue;
      // A snapshot gone from the store (an old fork's, collected) counts no files, as before.
      const changed = await this.snapshots.changes(entry.snapshot, now.id);
      const files = markOthers(changed.ok ? changed.value : [], byOthers.get(entry.id));
      const counts = {
        files: files.length,
        filesByOthers: files.filter((file) => file.byOthers).length,
      };
      if (entry.trigger === "rewind") {
        points.push({
          entryId: entry.id,
          kind: "rewind",
          text: "",
          timestamp: entry.timestamp,
          ...counts,
        });
        continue;
      }
      const target = this.session.getEntry(entry.targetId);
      const text = target ? userText(target) : undefined;
      if (text === undefined) continue;
      points.push({
        entryId: entry.targetId,
        kind: "prompt",
        text,
        timestamp: entry.timestamp,
        ...counts,
      });
    }
    return { ok: true, value: { checkpoints: points, storeBytes: storeSize(this.storeDir) } };
  }

  /** What rewinding to `entryId` would do, without changing anything. */
  async plan(entryId: string, restore: RewindRestore): Promise<Result<RewindPlan>> {
    if (this.snapshots.refusal !== undefined) return { ok: false, error: this.snapshots.refusal };
    const target = this.target(entryId);
    if (!target.ok) return target;
    const { snapshot, leafId, text } = target.value;
    const plan: RewindPlan = {
      entryId,
      restore,
      files: [],
      leafId,
      notes: [],
      ...(text !== undefined ? { text } : {}),
    };
    if (restore === "conversation") return { ok: true, value: plan };
    if (!snapshot) {
      return {
        ok: false,
        error: `No checkpoint of the files was taken for ${entryId} (a session from before checkpoints, or the store could not be written); rewind the conversation alone with restore "conversation".`,
      };
    }
    const now = await this.take(undefined, undefined);
    if (!now) return { ok: false, error: STORE_UNWRITABLE };
    const files = await this.snapshots.changes(snapshot.snapshot, now.id);
    if (!files.ok) return files;
    const byOthers = await changesByOthers(this.session.getEntries(), this.snapshots, now.id);
    plan.files = markOthers(files.value, byOthers.get(snapshot.id));
    plan.notes = this.notes(snapshot, now.skipped);
    return { ok: true, value: plan };
  }

  /**
   * Rewinds: a snapshot of the files now is recorded first (a `rewind` checkpoint tied to
   * the leaf), so rewinding to it undoes this; then the files are restored and
   * `moveLeaf` takes the conversation back.
   */
  async rewind(
    plan: RewindPlan,
    moveLeaf: (leafId: string | null) => Result<void>,
  ): Promise<Result<RewindOutcome>> {
    if (this.snapshots.refusal !== undefined) return { ok: false, error: this.snapshots.refusal };
    const leaf = this.session.leafId;
    const before = this.session.getEntries().length;
    // The files about to change are named, so file backups (no git) can undo this too.
    const changing = plan.files.map((file) => file.path);
    const now = await this.take(leaf === null ? undefined : "rewind", leaf ?? undefined, changing);
    const recorded = this.session
      .getEntries()
      .slice(before)
      .find((entry) => entry.type === "checkpoint" && entry.trigger === "rewind");
    let outcome: RewindOutcome = { files: [], notRestored: [] };
    if (plan.restore !== "conversation") {
      const target = this.target(plan.entryId);
      if (!target.ok) return target;
      if (!now || !target.value.snapshot)
        return { ok: false, error: "The checkpoint store cannot be written; nothing was changed." };
      const restored = await this.restoreFiles(plan, target.value.snapshot, now.id);
      if (!restored.ok) return restored;
      outcome = restored.value;
    }
    if (plan.restore !== "code") {
      const moved = moveLeaf(plan.leafId);
      if (!moved.ok) return moved;
    }
    return { ok: true, value: { ...outcome, ...(recorded ? { undoId: recorded.id } : {}) } };
  }

  /**
   * Puts back the files the plan showed (one changed since the question was asked is left
   * as it is), then checks: a file that still differs from the checkpoint is listed as
   * not restored, with why.
   */
  private async restoreFiles(
    plan: RewindPlan,
    target: CheckpointEntry,
    now: string,
  ): Promise<Result<RewindOutcome>> {
    const changes = await this.snapshots.changes(target.snapshot, now);
    if (!changes.ok) return changes;
    const shown = new Map(plan.files.map((file) => [changeKey(file), file]));
    const agreed = changes.value.filter((change) => shown.has(changeKey(change)));
    const restored = await this.snapshots.restore(target.snapshot, agreed);
    const leaf = this.session.leafId;
    const after = await this.take(leaf === null ? undefined : "after", leaf ?? undefined);
    if (!after) return restored.ok ? { ok: false, error: STORE_UNWRITABLE } : restored;
    const left = await this.snapshots.changes(target.snapshot, after.id);
    if (!left.ok) return left;
    const leftKeys = new Set(left.value.map(changeKey));
    const files = agreed.filter((change) => !leftKeys.has(changeKey(change)));
    const notRestored = left.value.map((change) => shown.get(changeKey(change)) ?? change);
    const reasons = [
      ...(restored.ok ? [] : [restored.error]),
      ...(notRestored.some((change) => !shown.has(changeKey(change)))
        ? ["some files changed after the rewind was planned; rewind again to put them back"]
        : []),
    ];
    const reason = reasons.join("; ") || "they still differ from the checkpoint after the restore";
    return {
      ok: true,
      value: {
        files,
        notRestored,
        ...(notRestored.length > 0 ? { notRestoredReason: reason } : {}),
      },
    };
  }

  private target(entryId: string): Result<RewindTarget> {
    const entry = this.session.getEntry(entryId);
    if (entry?.type === "checkpoint" && entry.trigger === "rewind") {
      return { ok: true, value: { snapshot: entry, leafId: entry.targetId } };
    }
    const message = entry?.type === "checkpoint" ? this.session.getEntry(entry.targetId) : entry;
    const text = message ? userText(message) : undefined;
    if (!message || text === undefined) {
      return {
        ok: false,
        // Each front end names its own way to list them (gong --rewind -r <id>, get_checkpoints).
        error: `${entryId} is not a user message or a rewind of this session`,
      };
    }
    const snapshot = this.session
      .getEntries()
      .find(
        (e): e is CheckpointEntry =>
          e.type === "checkpoint" && e.trigger === "prompt" && e.targetId === message.id,
      );
    return { ok: true, value: { snapshot, leafId: message.parentId, text } };
  }

  private notes(snapshot: CheckpointEntry, skippedNow: readonly string[]): string[] {
    const notes: string[] = [];
    if (!this.snapshots.coversEveryChange) {
      notes.push(
        "git is not installed: only files changed by write and edit are restored; changes made by bash or MCP tools are not covered.",
      );
    }
    if (this.uncovered.has(snapshot.id)) notes.push(NOT_COVERED_WHILE_FIRST);
    const skipped = [...new Set([...(snapshot.skipped ?? []), ...skippedNow])];
    if (skipped.length > 0) notes.push(`Not covered (over the size limit): ${skipped.join(", ")}`);
    return notes;
  }

  /**
   * One snapshot after those before it; with a trigger it is recorded as a checkpoint of
   * `targetId` (a tool snapshot only when the files changed since the last one).
   * `captured`: files as the gate asking for it read them, which this snapshot and those
   * asked for before it record instead of what the files hold when they run.
   */
  private take(
    trigger: CheckpointEntry["trigger"] | undefined,
    targetId: string | undefined,
    files: readonly string[] = [],
    options: Pick<SnapshotOptions, "onCaptured" | "onLarge"> = {},
    captured: readonly CapturedFile[] = [],
  ): Promise<{ id: string; skipped: string[] } | undefined> {
    const seq = ++this.requested;
    for (const file of captured) this.captures.push({ seq, file });
    const run = this.queue.then(async () => {
      try {
        const taken = await this.snapshots.snapshot(trigger ?? "compare", files, {
          ...options,
          captured: () => this.capturedFor(seq),
        });
        // No snapshot asked for later stands before those gates.
        this.captures = this.captures.filter((capture) => capture.seq > seq);
        if (!taken.ok) {
          this.reportFailure(taken.error);
          return undefined;
        }
        const { id, skipped } = taken.value;
        const repeat = (trigger === "tool" || trigger === "after") && id === this.lastRecorded;
        if (trigger && targetId && !repeat) {
          const entry = this.owner.record({ targetId, trigger, snapshot: id, skipped });
          if (entry.ok && seq < this.uncoveredFrom) this.uncovered.add(entry.value.id);
          this.lastRecorded = id;
        }
        return taken.value;
      } catch (error) {
        // A bug or a closed session, never a reason to fail the tool call waiting on it.
        this.reportFailure((error as Error).message);
        return undefined;
      }
    });
    this.queue = run;
    return run;
  }

  /**
   * For the snapshot asked for as number `seq`: each file a gate read at or after it, as
   * the first such gate read it (the content before the first of those calls).
   */
  private capturedFor(seq: number): CapturedFile[] {
    const byPath = new Map<string, CapturedFile>();
    for (const capture of this.captures) {
      if (capture.seq >= seq && !byPath.has(capture.file.path))
        byPath.set(capture.file.path, capture.file);
    }
    return [...byPath.values()];
  }

  private reportFailure(error: string): void {
    if (this.warned) return;
    this.warned = true;
    this.warn(
      `Checkpoints are not being saved, so /rewind cannot restore files from here on: ${error}`,
    );
  }
}

/** The text of a user message entry; undefined for any other entry. */
function userText(entry: SessionEntry): string | undefined {
  if (entry.type !== "message" || entry.message.role !== "user") return undefined;
  const { content } = entry.message;
  if (typeof content === "string") return content;
  return content
    .filter((part) => part.type === "text")
    .map((part) => (part as { text: string }).text)
    .join("");
}
