/**
 * The project's snapshots in a git repository of our own under
 * `$GONG_HOME/checkpoints/<project>/` (GIT_DIR there, GIT_WORK_TREE the project, an index
 * per session): the project's `.git`, index, stash, hooks and config are never read or
 * written. A snapshot is a commit on `refs/sessions/<session id>`, so the session's
 * snapshots stay reachable until its session file is gone (retention.ts).
 *
 * Incremental: `git status` names only what changed since the session's last snapshot
 * (the index's stat data, plus the untracked cache: changed-paths.ts), `update-index`
 * hashes just those, and when nothing changed the last commit is the snapshot again.
 * HEAD is pointed at the session's ref when it opens so status compares the index with
 * this session's last snapshot; with sessions of one project open at once HEAD names the
 * last one opened, which makes status print more, never snapshot something else.
 */

import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  type Stats,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { ATOMIC_TEMP_PATTERN, type Result } from "@gong/base";
import { encodeCwd, legacyEncodeCwd, readSessionInfo } from "@gong/session-store";
import { type Capture, type CapturedFile, captureFile } from "./captured-files.js";
import { type ChangedPaths, changedPaths } from "./changed-paths.js";
import { changesBetween, type FileChange, restoreFiles } from "./file-changes.js";
import { asByteName, type ByteName, bytePath, nulInput, shownName } from "./file-names.js";
import { type GitPaths, runGit } from "./git-command.js";
import { holdsAtLeast } from "./large-project.js";
import { packLooseObjects } from "./pack-objects.js";
import { seedFromProject } from "./seed-objects.js";
import { writeSessionRef } from "./session-ref.js";
import type { SnapshotOptions, SnapshotStore } from "./snapshot-store.js";

/** Files larger than this are left out of snapshots (and named in the checkpoint). */
export const MAX_SNAPSHOT_FILE_BYTES = 10 * 1024 * 1024;

/** A snapshot staging this many files writes them into one pack (core.bigFileThreshold). */
const PACKED_FROM = 100;

/**
 * A first snapshot hashing this many files or more is large: a call that may change any
 * file does not wait for it (session-checkpoints.ts). Below, it is over in a blink and
 * every call is covered as before.
 */
const LARGE_SNAPSHOT_FILES = 2_000;

/** `--index-info`'s object id that drops a path from the index. */
const NO_OBJECT = "0".repeat(40);

/** Never stored: the spilled tool outputs, plus what the project's .gitignore files say. */
// An atomic write's temporary file, caught by a snapshot that runs beside the write,
// would come back as a file of its own on rewind.
const STORE_EXCLUDES = [".tool-output/", ".git/", ATOMIC_TEMP_PATTERN];

export interface Snapshot {
  /** The commit in the store. */
  id: string;
  /** Files left out for their size, relative to the project. */
  skipped: string[];
}

/**
 * Where the checkpoints of `project` are kept: the folder named like its sessions', or,
 * for a project whose sessions have snapshots in a store under the earlier naming and
 * none under the new, that one, so its earlier sessions can still rewind. Look-alike
 * projects (`/X/a-b`, `/X/a/b`) may share such an old store; a session only ever restores
 * snapshots it took itself, in its own project (open-checkpoints.ts), so none restores
 * the other's.
 */
export function checkpointStoreDir(gongHome: string, project: string): string {
  const root = path.join(gongHome, "checkpoints");
  const own = path.join(root, encodeCwd(project));
  const legacy = path.join(root, legacyEncodeCwd(project));
  if (own === legacy || existsSync(own) || !holdsSessionsOf(legacy, project)) return own;
  return legacy;
}

/** Whether a session of `project` noted its snapshots in the store (retention.ts). */
function holdsSessionsOf(root: string, project: string): boolean {
  const notes = path.join(root, "sessions");
  try {
    return readdirSync(notes).some((id) => {
      const file = readFileSync(path.join(notes, id), "utf8").trim();
      const info = file === "" ? undefined : readSessionInfo(file);
      return info !== undefined && path.resolve(info.cwd) === path.resolve(project);
    });
  } catch {
    return false; // no old store, or one that cannot be read: the project's own is used
  }
}

export class ShadowGitStore implements SnapshotStore {
  readonly coversEveryChange = true;
  readonly paths: GitPaths;
  private last: { id: string; tree: string } | undefined;
  /**
   * The index is known to hold `last`'s tree: only then may "nothing changed" skip
   * write-tree. Unset at the start (another process may have restored files since) and
   * after a restore, which updates the index.
   */
  private indexHoldsLast = false;
  private initialised = false;

  constructor(
    readonly root: string,
    readonly project: string,
    readonly sessionId: string,
    private readonly options: {
      /** A snapshot of an earlier session this one continues (a fork): its first parent. */
      inherited?: string;
      /** Run once, before the first snapshot (retention bookkeeping). */
      beforeFirstUse?: (paths: GitPaths) => Promise<void>;
    } = {},
  ) {
    this.paths = {
      gitDir: path.join(root, "git"),
      workTree: project,
      indexFile: path.join(root, "indexes", sessionId),
    };
  }

  get ref(): string {
    return `refs/sessions/${this.sessionId}`;
  }

  capture(files: readonly string[]): Capture[] {
    return files.map((file) => captureFile(this.project, file, MAX_SNAPSHOT_FILE_BYTES));
  }

  /**
   * Records the project's files now; `message` names why (prompt, tool, rewind). The
   * files' content is in the store once the index is written (`onCaptured`); the tree,
   * commit and ref that make it a snapshot come after.
   */
  async snapshot(
    message: string,
    _files?: readonly string[],
    options: SnapshotOptions = {},
  ): Promise<Result<Snapshot>> {
    const ready = await this.prepare(options.onLarge);
    if (!ready.ok) return ready;
    const found = await this.changed();
    if (!found.ok) return found;
    // Files a gate read are recorded as it read them, not as their call may have left them.
    const read = new Set((options.captured?.() ?? []).map((file) => asByteName(file.path)));
    let sorted = withoutNames(found.value, read);
    if (this.last && this.indexHoldsLast && nothingToStage(sorted)) {
      const differing = await this.differingFromIndex(options.captured?.() ?? [], sorted.status);
      if (!differing.ok) return differing;
      if (differing.value.length > 0)
        return this.finish(message, differing.value, shownNames(sorted.large), options);
      options.onCaptured?.();
      return { ok: true, value: { id: this.last.id, skipped: shownNames(sorted.large) } };
    }
    if (sorted.small.length >= LARGE_SNAPSHOT_FILES) options.onLarge?.();
    const staged = await this.stage(sorted);
    if (!staged.ok) return staged;
    if (sorted.folders.length > 0) {
      // A link or file that became a folder: its entry is gone now, its files show up.
      const again = await this.changed();
      if (!again.ok) return again;
      sorted = withoutNames(again.value, read);
      const restaged = await this.stage(sorted);
      if (!restaged.ok) return restaged;
    }
    // Asked again: a gate may have read a file while this snapshot was reading the project.
    // Status still tells for the files left out of staging; for any other, only git can.
    const differing = await this.differingFromIndex(
      options.captured?.() ?? [],
      sorted.status,
      read,
    );
    if (!differing.ok) return differing;
    return this.finish(message, differing.value, shownNames(sorted.large), options);
  }

  /**
   * The files a gate read that the index does not hold as they were read: those to put in
   * it. Ignored files stay out of snapshots: only paths git tracks or would add count.
   */
  private async differingFromIndex(
    all: readonly CapturedFile[],
    status: SortedPaths["status"],
    /** The names status still tells about (the index changed for others); all when unset. */
    unstaged?: ReadonlySet<ByteName>,
  ): Promise<Result<CapturedFile[]>> {
    const differing: CapturedFile[] = [];
    const captured: CapturedFile[] = [];
    for (const file of all) {
      const told = !unstaged || unstaged.has(asByteName(file.path));
      const known = told ? knownFromStatus(this.project, file, status) : "unknown";
      if (known === "differs") differing.push(file);
      else if (known === "unknown") captured.push(file);
    }
    if (captured.length === 0) return { ok: true, value: differing };
    const args = ["ls-files", "-s", "-z", "-c", "-o", "--exclude-standard", "--"];
    const listed = await runGit(this.paths, [...args, ...captured.map((file) => file.path)]);
    if (!listed.ok) return listed;
    // `mode oid stage\tpath` for a tracked path, the bare path for one git would add.
    const known = new Map<string, string | null>();
    for (const record of listed.value.stdout.split("\0")) {
      const tab = record.indexOf("\t");
      if (tab < 0) known.set(record, null);
      else known.set(record.slice(tab + 1), record.slice(0, record.indexOf(" ", 7)));
    }
    for (const file of captured) {
      const entry = known.get(file.path);
      if (entry === undefined) continue; // ignored (or gone, and never staged)
      if (file.content === null ? entry !== null : entry !== entryOf(file)) differing.push(file);
    }
    return { ok: true, value: differing };
  }

  /** Stages what the gates read, then records the index as a snapshot. */
  private async finish(
    message: string,
    captured: readonly CapturedFile[],
    skipped: string[],
    options: SnapshotOptions,
  ): Promise<Result<Snapshot>> {
    const overridden = await this.stageCaptured(captured);
    if (!overridden.ok) return overridden;
    options.onCaptured?.();
    return this.record(message, skipped);
  }

  /** The tree of the index and its commit: the part of a snapshot that reads no project file. */
  private async record(message: string, skipped: string[]): Promise<Result<Snapshot>> {
    const tree = await runGit(this.paths, ["write-tree"]);
    if (!tree.ok) return tree;
    const treeId = tree.value.stdout.trim();
    if (this.last?.tree === treeId) {
      this.indexHoldsLast = true;
      return { ok: true, value: { id: this.last.id, skipped } };
    }
    const committed = await this.commit(treeId, message);
    if (!committed.ok) return committed;
    await packLooseObjects(this.paths);
    return { ok: true, value: { id: committed.value, skipped } };
  }

  /**
   * Puts the captured contents in the index in place of what the files hold now (the
   * call that changes them may have run since). The entries get no stat data, so the
   * next snapshot's status hashes those files again and records what they hold then.
   */
  private async stageCaptured(captured: readonly CapturedFile[]): Promise<Result<void>> {
    if (captured.length === 0) return { ok: true, value: undefined };
    const records: string[] = [];
    for (const file of captured) {
      if (file.content === null) {
        records.push(`0 ${NO_OBJECT}\t${file.path}`);
        continue;
      }
      const hashed = await runGit(this.paths, ["hash-object", "-w", "--no-filters", "--stdin"], {
        input: file.content,
      });
      if (!hashed.ok) return hashed;
      records.push(`${file.mode} ${hashed.value.stdout.trim()}\t${file.path}`);
    }
    const input = Buffer.from(records.map((record) => `${record}\0`).join(""));
    const done = await runGit(this.paths, ["update-index", "-z", "--index-info"], { input });
    if (!done.ok) return done;
    this.indexHoldsLast = false;
    return { ok: true, value: undefined };
  }

  changes(target: string, current: string): Promise<Result<FileChange[]>> {
    return changesBetween(this.paths, target, current);
  }

  restore(target: string, changes: readonly FileChange[]): Promise<Result<void>> {
    this.indexHoldsLast = false;
    return restoreFiles(this.paths, target, changes);
  }

  /** Creates the store on first use and finds the session's last snapshot. */
  private async prepare(onLarge?: () => void): Promise<Result<void>> {
    if (this.initialised) return { ok: true, value: undefined };
    try {
      mkdirSync(path.dirname(this.paths.indexFile), { recursive: true });
      const fresh = !existsSync(path.join(this.paths.gitDir, "HEAD"));
      if (fresh) {
        if (onLarge && holdsAtLeast(this.project, LARGE_SNAPSHOT_FILES)) onLarge();
        const made = await runGit(this.paths, ["init", "-q"]);
        if (!made.ok) return made;
      }
      // Every session writes it: a store made before a pattern was added gets it too.
      writeFileSync(path.join(this.paths.gitDir, "info", "exclude"), this.excludes());
      if (fresh) {
        const configured = await runGit(this.paths, ["config", "core.untrackedCache", "true"]);
        if (!configured.ok) return configured;
        await seedFromProject(this.paths, MAX_SNAPSHOT_FILE_BYTES, (blobs) => {
          if (blobs >= LARGE_SNAPSHOT_FILES) onLarge?.();
        });
      }
      // A gong killed (-9) mid-snapshot leaves its lock; this session's index has one writer.
      rmSync(`${this.paths.indexFile}.lock`, { force: true });
      rmSync(path.join(this.paths.gitDir, `${this.ref}.lock`), { force: true });
      if (!existsSync(this.paths.indexFile)) seedIndex(this.paths.indexFile);
    } catch (error) {
      return { ok: false, error: `checkpoint store ${this.root}: ${(error as Error).message}` };
    }
    await this.options.beforeFirstUse?.(this.paths);
    const named = await runGit(this.paths, ["symbolic-ref", "HEAD", this.ref]);
    if (!named.ok) return named;
    const head = await runGit(this.paths, ["rev-parse", "-q", "--verify", `${this.ref}^{commit}`]);
    if (head.ok) {
      const id = head.value.stdout.trim();
      const tree = await runGit(this.paths, ["rev-parse", `${id}^{tree}`]);
      if (!tree.ok) return tree;
      this.last = { id, tree: tree.value.stdout.trim() };
    }
    this.initialised = true;
    return { ok: true, value: undefined };
  }

  /** The store's own folder too, when the project holds it (gong started above $GONG_HOME). */
  private excludes(): string {
    const own = path.relative(this.project, this.root);
    const inside = own !== "" && !own.startsWith("..") && !path.isAbsolute(own);
    const patterns = inside
      ? [...STORE_EXCLUDES, `/${own.split(path.sep).join("/")}/`]
      : STORE_EXCLUDES;
    return `${patterns.join("\n")}\n`;
  }

  private async changed(): Promise<Result<SortedPaths>> {
    const changed = await changedPaths(this.paths);
    if (!changed.ok) return changed;
    const sorted = sortPaths(this.project, [...new Set(changed.value.names)]);
    return { ok: true, value: { ...sorted, status: changed.value } };
  }

  /**
   * Paths under a link go first (a folder replaced by a symbolic link: git refuses to
   * look "beyond" it, and the link itself is stored as a link); a snapshot of many files
   * writes them into one pack instead of a file per object (stored-size.test.ts).
   */
  private async stage(sorted: SortedPaths): Promise<Result<void>> {
    const steps: [readonly ByteName[], string[]][] = [
      [sorted.beyondLink, ["update-index", "-z", "--force-remove", "--stdin"]],
      [
        sorted.small,
        [
          ...(sorted.small.length >= PACKED_FROM ? ["-c", "core.bigFileThreshold=1"] : []),
          "update-index",
          "-z",
          "--add",
          "--remove",
          "--stdin",
        ],
      ],
      [sorted.large, ["update-index", "-z", "--force-remove", "--stdin"]],
    ];
    for (const [names, args] of steps) {
      if (names.length === 0) continue;
      const done = await runGit(this.paths, args, { input: nulInput(names) });
      if (!done.ok) return done;
    }
    return { ok: true, value: undefined };
  }

  private async commit(tree: string, message: string): Promise<Result<string>> {
    const parent = this.last?.id ?? this.options.inherited;
    const args = ["commit-tree", tree, "-m", message, ...(parent ? ["-p", parent] : [])];
    const made = await runGit(this.paths, args);
    if (!made.ok) return made;
    const id = made.value.stdout.trim();
    if (!writeSessionRef(this.paths.gitDir, this.ref, id)) {
      const moved = await runGit(this.paths, ["update-ref", this.ref, id]);
      if (!moved.ok) return moved;
    }
    this.last = { id, tree };
    this.indexHoldsLast = true;
    return { ok: true, value: id };
  }
}

interface SortedPaths {
  /** What status said: which paths are untracked, and the index's entry of changed ones. */
  status?: Pick<ChangedPaths, "untracked" | "indexed">;
  /** Stored (or dropped from the index when gone). */
  small: ByteName[];
  /** Over the size limit: left out, and named in the checkpoint. */
  large: ByteName[];
  /** Under a symbolic link (or a file) where a folder was: no longer files of the project. */
  beyondLink: ByteName[];
  /** Tracked as a file or link, a folder now. */
  folders: ByteName[];
}

/** The paths sorted, less `names` (files a gate read: staged from what it read). */
function withoutNames(sorted: SortedPaths, names: ReadonlySet<ByteName>): SortedPaths {
  if (names.size === 0) return sorted;
  const keep = (list: ByteName[]) => list.filter((name) => !names.has(name));
  return {
    small: keep(sorted.small),
    large: keep(sorted.large),
    beyondLink: keep(sorted.beyondLink),
    folders: sorted.folders,
    ...(sorted.status ? { status: sorted.status } : {}),
  };
}

/**
 * Whether what a gate read differs from the index, from status alone: a changed tracked
 * path comes with the index's entry, an untracked one has none, and a path status did
 * not list is in the work tree as in the index (or ignored, or absent) — equal when the
 * file still is what the gate read. "unknown" asks git (`ls-files`).
 */
function knownFromStatus(
  project: string,
  file: CapturedFile,
  status: SortedPaths["status"],
): "same" | "differs" | "unknown" {
  if (!status) return "unknown";
  const name = asByteName(file.path);
  const entry = status.indexed.get(name);
  if (entry !== undefined)
    return file.content !== null && entry === entryOf(file) ? "same" : "differs";
  if (status.untracked.has(name)) return file.content === null ? "same" : "differs";
  const now = captureFile(project, file.path, MAX_SNAPSHOT_FILE_BYTES);
  if (now.kind !== "captured") return "unknown";
  const same =
    now.file.mode === file.mode &&
    (now.file.content === null || file.content === null
      ? now.file.content === file.content
      : now.file.content.equals(file.content));
  return same ? "same" : "unknown";
}

/** The index's `mode object` for a file with what was read. */
function entryOf(file: CapturedFile): string {
  return `${file.mode} ${blobId(file.content ?? Buffer.alloc(0))}`;
}

/** git's object id of a blob with `content` (SHA-1, as the store's repository uses). */
function blobId(content: Buffer): string {
  return createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
}

function nothingToStage(sorted: SortedPaths): boolean {
  return sorted.small.length === 0 && sorted.large.length === 0 && sorted.beyondLink.length === 0;
}

/** Sorts changed paths by what staging does with them. */
function sortPaths(project: string, paths: readonly ByteName[]): SortedPaths {
  const sorted: SortedPaths = { small: [], large: [], beyondLink: [], folders: [] };
  const linked = new Map<ByteName, boolean>();
  for (const file of paths) {
    // A nested repository is listed as its folder: it is not ours to snapshot.
    if (file.endsWith("/")) continue;
    if (underLink(project, file, linked)) {
      sorted.beyondLink.push(file);
      continue;
    }
    let size = 0;
    try {
      const stats = lstatSync(bytePath(project, file));
      size = stats.isFile() ? stats.size : 0;
      if (stats.isDirectory()) sorted.folders.push(file);
    } catch {
      // Deleted since: update-index --remove drops it.
    }
    (size > MAX_SNAPSHOT_FILE_BYTES ? sorted.large : sorted.small).push(file);
  }
  return sorted;
}

/** Whether a folder on the way to `file` is a symbolic link or a file (`known` caches folders). */
function underLink(project: string, file: ByteName, known: Map<ByteName, boolean>): boolean {
  const folder = path.posix.dirname(file);
  if (folder === ".") return false;
  const cached = known.get(folder);
  if (cached !== undefined) return cached;
  let linked = underLink(project, folder, known);
  if (!linked) {
    try {
      linked = !lstatSync(bytePath(project, folder)).isDirectory();
    } catch {
      // Gone: its files are deleted ones, which update-index --remove drops.
    }
  }
  known.set(folder, linked);
  return linked;
}

function shownNames(names: readonly ByteName[]): string[] {
  return names.map((name) => shownName(name).path);
}

/**
 * A new session's index starts as a copy of the newest one of the project, so its first
 * snapshot hashes only what changed since then, not the whole tree again.
 *
 * The copy keeps the original's mtime: git trusts an entry's stat data only when the file
 * was last changed before the index was written (whole seconds), and re-reads the content
 * of one changed in the same second ("racy git"). A fresh mtime would hide a same-size
 * rewrite made in that second, and a rewind would restore contents that were never there
 * (apps/cli/test/rewind-same-second.test.ts).
 */
function seedIndex(indexFile: string): void {
  const dir = path.dirname(indexFile);
  let newest: { file: string; stats: Stats } | undefined;
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".lock")) continue;
    const file = path.join(dir, name);
    const stats = statSync(file);
    if (!newest || stats.mtimeMs > newest.stats.mtimeMs) newest = { file, stats };
  }
  if (!newest) return;
  copyFileSync(newest.file, indexFile);
  // Date keeps milliseconds: the copy's mtime is the original's or a little earlier, never later.
  utimesSync(indexFile, newest.stats.atime, newest.stats.mtime);
}
