/**
 * Checkpoints without git: before a write or edit, the file it targets is copied (or
 * noted as absent) under `$GONG_HOME/checkpoints/<project>/backups/<session>/`. A
 * snapshot is a number in the session's sequence; going back to snapshot N puts each
 * backed-up file back as its first backup taken at N or later recorded it. What bash or
 * an MCP tool changed is not covered (`coversEveryChange: false`, and rewind says so).
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { Result } from "@gong/base";
import { type Capture, captureFile, projectRelative } from "./captured-files.js";
import type { FileChange } from "./file-changes.js";
import { MAX_SNAPSHOT_FILE_BYTES, type Snapshot } from "./shadow-store.js";
import type { SnapshotOptions, SnapshotStore } from "./snapshot-store.js";

interface Backup {
  /** The snapshot it was taken at. */
  at: number;
  path: string;
  /** The copy's file name in the folder; null: the file did not exist. */
  copy: string | null;
}

interface Manifest {
  next: number;
  backups: Backup[];
}

const PREFIX = "backup-";

export class FileBackupStore implements SnapshotStore {
  readonly coversEveryChange = false;
  private readonly dir: string;

  constructor(
    root: string,
    private readonly project: string,
    sessionId: string,
  ) {
    this.dir = path.join(root, "backups", sessionId);
  }

  capture(files: readonly string[]): Capture[] {
    return files.map((file) => captureFile(this.project, file, MAX_SNAPSHOT_FILE_BYTES));
  }

  /**
   * Backs up `files`: their captured content when the gate read it (the call may have
   * changed them since), else what they hold now.
   */
  async snapshot(
    _reason: string,
    files: readonly string[] = [],
    options: SnapshotOptions = {},
  ): Promise<Result<Snapshot>> {
    try {
      mkdirSync(this.dir, { recursive: true });
      const manifest = this.read();
      const at = manifest.next++;
      const skipped: string[] = [];
      for (const file of files) {
        const relative = projectRelative(this.project, file);
        if (relative === undefined) continue;
        const copy = `${at}-${manifest.backups.length}`;
        const early = options.captured?.().find((captured) => captured.path === relative);
        if (early && early.mode !== "120000") {
          if (early.content) writeFileSync(path.join(this.dir, copy), early.content);
          manifest.backups.push({ at, path: relative, copy: early.content ? copy : null });
          continue;
        }
        const source = path.join(this.project, relative);
        const stats = statSync(source, { throwIfNoEntry: false });
        if (stats && stats.size > MAX_SNAPSHOT_FILE_BYTES) {
          skipped.push(relative);
          continue;
        }
        if (stats?.isFile()) copyFileSync(source, path.join(this.dir, copy));
        manifest.backups.push({ at, path: relative, copy: stats?.isFile() ? copy : null });
      }
      writeFileSync(path.join(this.dir, "manifest.json"), JSON.stringify(manifest));
      options.onCaptured?.();
      return { ok: true, value: { id: `${PREFIX}${at}`, skipped } };
    } catch (error) {
      return { ok: false, error: `file backups in ${this.dir}: ${(error as Error).message}` };
    }
  }

  async changes(target: string): Promise<Result<FileChange[]>> {
    const at = Number(target.slice(PREFIX.length));
    const changes: FileChange[] = [];
    for (const backup of this.firstBackupsSince(at)) {
      const file = path.join(this.project, backup.path);
      const exists = existsSync(file);
      if (backup.copy === null) {
        if (exists) changes.push({ path: backup.path, action: "remove" });
        continue;
      }
      if (!exists) changes.push({ path: backup.path, action: "recreate" });
      else if (!readFileSync(file).equals(readFileSync(path.join(this.dir, backup.copy))))
        changes.push({ path: backup.path, action: "restore" });
    }
    return { ok: true, value: changes };
  }

  async restore(target: string, changes: readonly FileChange[]): Promise<Result<void>> {
    const at = Number(target.slice(PREFIX.length));
    const wanted = new Set(changes.map((change) => change.path));
    try {
      for (const backup of this.firstBackupsSince(at)) {
        if (!wanted.has(backup.path)) continue;
        const file = path.join(this.project, backup.path);
        if (backup.copy === null) rmSync(file, { force: true });
        else {
          mkdirSync(path.dirname(file), { recursive: true });
          copyFileSync(path.join(this.dir, backup.copy), file);
        }
      }
    } catch (error) {
      return { ok: false, error: `Could not restore the files: ${(error as Error).message}` };
    }
    return { ok: true, value: undefined };
  }

  /** For each file, its first backup at or after snapshot `at`: its content then. */
  private firstBackupsSince(at: number): Backup[] {
    const first = new Map<string, Backup>();
    for (const backup of this.read().backups) {
      if (backup.at >= at && !first.has(backup.path)) first.set(backup.path, backup);
    }
    return [...first.values()];
  }

  private read(): Manifest {
    const file = path.join(this.dir, "manifest.json");
    if (!existsSync(file)) return { next: 0, backups: [] };
    return JSON.parse(readFileSync(file, "utf8")) as Manifest;
  }
}
