/** What a session's checkpoints need from a store of snapshots (git, or file backups without git). */
import type { Result } from "@gong/base";
import type { FileChange } from "./file-changes.js";
import type { Snapshot } from "./shadow-store.js";

export interface SnapshotStore {
  /** false for file backups: what bash or an MCP tool changed is not in them. */
  readonly coversEveryChange: boolean;
  /** Set when the store never takes a snapshot: why, which listing and rewinding answer. */
  readonly refusal?: string;
  /** Records the project's files now; `files` are the paths a write or edit is about to change. */
  snapshot(reason: string, files?: readonly string[]): Promise<Result<Snapshot>>;
  /** What restoring `target` changes, compared with the snapshot `current`. */
  changes(target: string, current: string): Promise<Result<FileChange[]>>;
  restore(target: string, changes: readonly FileChange[]): Promise<Result<void>>;
}
