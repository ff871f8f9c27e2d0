/**
 * Remembers what the agent last saw of each file so an edit of a file that changed on
 * disk since (another process, the user's editor) returns `CONFLICT` instead of
 * silently overwriting their work (test/edit.test.ts). Whole-file reads store a sha256;
 * windowed reads of huge files store size + mtime, which is cheap to compare.
 */
import { createHash } from "node:crypto";

export interface FileSnapshot {
  sha256?: string;
  size: number;
  mtimeMs: number;
}

export interface ReadTracker {
  /** Records what the agent has just seen (after a read, write or edit). */
  record(absolutePath: string, snapshot: FileSnapshot): void;
  get(absolutePath: string): FileSnapshot | undefined;
  /**
   * Serialises work on one file: concurrent edits of the same path run one after the
   * other, each on the result of the previous (test/edit.test.ts 4.4).
   */
  withFileLock<T>(absolutePath: string, work: () => Promise<T>): Promise<T>;
}

export function sha256(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

export function createReadTracker(): ReadTracker {
  const snapshots = new Map<string, FileSnapshot>();
  const locks = new Map<string, Promise<unknown>>();
  return {
    record: (file, snapshot) => snapshots.set(file, snapshot),
    get: (file) => snapshots.get(file),
    async withFileLock(file, work) {
      const previous = locks.get(file) ?? Promise.resolve();
      const run = previous.then(work, work);
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      locks.set(file, settled);
      try {
        return await run;
      } finally {
        if (locks.get(file) === settled) locks.delete(file);
      }
    },
  };
}

/**
 * Whether the file changed since `seen`. With a sha256 on record the content decides
 * (a touch without change is not a conflict); otherwise size and mtime do.
 */
export function changedSince(
  seen: FileSnapshot,
  current: { bytes?: Buffer; size: number; mtimeMs: number },
): boolean {
  // Same size and mtime: unchanged, no need to hash (the common case, and cheap).
  if (seen.size === current.size && seen.mtimeMs === current.mtimeMs) return false;
  if (seen.sha256 && current.bytes) return sha256(current.bytes) !== seen.sha256;
  return true;
}

/** Files up to this size get a sha256 on record; bigger ones size + mtime only. */
export const SNAPSHOT_HASH_LIMIT = 1024 * 1024;

/** A snapshot of `bytes` as just written or read, hashing only small files. */
export function snapshotOf(bytes: Buffer, stats: { size: number; mtimeMs: number }): FileSnapshot {
  const snapshot: FileSnapshot = { size: stats.size, mtimeMs: stats.mtimeMs };
  if (bytes.length <= SNAPSHOT_HASH_LIMIT) snapshot.sha256 = sha256(bytes);
  return snapshot;
}
