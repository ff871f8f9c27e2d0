/**
 * The shadow git store when git runs here, file backups when it does not — asked on the
 * first snapshot (the prompt's, sent alongside the model call), not while the session
 * opens: a synchronous `git --version` there held up every start by a fork of gong and
 * git's own start-up. The question goes through the store's own shell (git-shell.ts).
 */
import type { Result } from "@gong/base";
import type { Capture } from "./captured-files.js";
import type { FileChange } from "./file-changes.js";
import { runGit } from "./git-command.js";
import type { ShadowGitStore, Snapshot } from "./shadow-store.js";
import type { SnapshotOptions, SnapshotStore } from "./snapshot-store.js";

export class GitOrBackupStore implements SnapshotStore {
  private chosen: Promise<SnapshotStore> | undefined;
  private settled: SnapshotStore | undefined;

  constructor(
    private readonly git: ShadowGitStore,
    private readonly backups: () => SnapshotStore,
  ) {}

  /** Known once the first snapshot was asked for; rewinds and their notes come after one. */
  get coversEveryChange(): boolean {
    return this.settled?.coversEveryChange ?? this.git.coversEveryChange;
  }

  /** Both stores read the files the same way, so no need to know which one yet. */
  capture(files: readonly string[]): Capture[] {
    return this.git.capture(files);
  }

  async snapshot(
    reason: string,
    files?: readonly string[],
    options?: SnapshotOptions,
  ): Promise<Result<Snapshot>> {
    return (await this.store()).snapshot(reason, files, options);
  }

  async changes(target: string, current: string): Promise<Result<FileChange[]>> {
    return (await this.store()).changes(target, current);
  }

  async restore(target: string, changes: readonly FileChange[]): Promise<Result<void>> {
    return (await this.store()).restore(target, changes);
  }

  private store(): Promise<SnapshotStore> {
    this.chosen ??= runGit(this.git.paths, ["--version"]).then((probe) => {
      this.settled = probe.ok ? this.git : this.backups();
      return this.settled;
    });
    return this.chosen;
  }
}
