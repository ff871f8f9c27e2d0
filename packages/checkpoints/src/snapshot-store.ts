/** What a session's checkpoints need from a store of snapshots (git, or file backups without git). */
import type { Result } from "@gong/base";
import type { Capture, CapturedFile } from "./captured-files.js";
import type { FileChange } from "./file-changes.js";
import type { Snapshot } from "./shadow-store.js";

export interface SnapshotOptions {
  /**
   * Files as they were before a call that may have started since (read in its gate): the
   * snapshot records these contents instead of what the files hold. Asked for after the
   * snapshot read the project, so a gate that read a file while the snapshot was running
   * counts too (its call may have changed the file before the snapshot read it).
   */
  captured?: () => readonly CapturedFile[];
  /**
   * Called once the files' content is safe in the store (hashed into the index, or
   * copied): what is left (the tree, the commit, the ref) no longer reads the project,
   * so a tool call waiting for the snapshot may start.
   */
  onCaptured?: () => void;
  /**
   * Called when the snapshot turns out to be a large first one (thousands of files to
   * hash or copy): a call that cannot wait that long goes on without it.
   */
  onLarge?: () => void;
}

export interface SnapshotStore {
  /** false for file backups: what bash or an MCP tool changed is not in them. */
  readonly coversEveryChange: boolean;
  /** Set when the store never takes a snapshot: why, which listing and rewinding answer. */
  readonly refusal?: string;
  /** Reads the files a write or edit is about to change (captured-files.ts). */
  capture(files: readonly string[]): Capture[];
  /** Records the project's files now; `files` are the paths a write or edit is about to change. */
  snapshot(
    reason: string,
    files?: readonly string[],
    options?: SnapshotOptions,
  ): Promise<Result<Snapshot>>;
  /** What restoring `target` changes, compared with the snapshot `current`. */
  changes(target: string, current: string): Promise<Result<FileChange[]>>;
  restore(target: string, changes: readonly FileChange[]): Promise<Result<void>>;
}
