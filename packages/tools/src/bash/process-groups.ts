/**
 * The process groups bash started in one session. A command's background jobs
 * (`server &`) outlive its call — the agent starts a server in one call and curls it in
 * the next — but not the session: whoever owns the session calls `dispose()` when it
 * ends (the CLI does on every exit path), or `killNow()` when the process is about to
 * exit and cannot wait.
 *
 * Each group keeps its output pipes. After its call returns they are still read and the
 * output thrown away: a closed pipe would kill the next job that prints (SIGPIPE), and
 * an unread one would block it once the pipe buffer is full.
 */
import { rmdirSync } from "node:fs";
import type { JobLedger } from "./job-ledger.js";
import { signalGroup, terminateGroup } from "./process-tree.js";

type Pipe = NodeJS.ReadableStream & { destroy(): void };

/** Default time between TERM and KILL when the session ends. */
const DEFAULT_GRACE_MS = 2000;

export class ProcessGroups {
  private readonly groups = new Map<number, Pipe[]>();
  private readonly leftovers = new Set<string>();

  /**
   * `ledger` records the groups on disk, so that the next session ends them if this
   * process is killed before it can (`endOrphanedJobs`).
   */
  constructor(
    private readonly graceMs = DEFAULT_GRACE_MS,
    private readonly ledger?: JobLedger,
  ) {}

  /** Remembers a group bash just started, with the pipes its processes write to. */
  track(pgid: number, pipes: readonly (Pipe | null | undefined)[]): void {
    this.forgetEnded();
    this.groups.set(
      pgid,
      pipes.filter((pipe): pipe is Pipe => pipe != null),
    );
    this.ledger?.record([...this.groups.keys()]);
  }

  /**
   * Drops groups whose processes are all gone, zombies included. Called before each new
   * group is added, so a tracked pgid can never have been reused by an unrelated group
   * (a pgid stays taken while any process of the group, even a zombie, exists).
   */
  private forgetEnded(): void {
    for (const [pgid, pipes] of this.groups) {
      try {
        process.kill(-pgid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EPERM") continue;
        for (const pipe of pipes) pipe.destroy();
        this.groups.delete(pgid);
      }
    }
  }

  /** Ends every group: TERM, then KILL after the grace period; resolves when all are gone. */
  async dispose(): Promise<void> {
    await Promise.all(
      [...this.groups].map(async ([pgid, pipes]) => {
        await terminateGroup(pgid, this.graceMs);
        for (const pipe of pipes) pipe.destroy();
        // Tracked until gone, so a `killNow` during the grace period still reaches it.
        this.groups.delete(pgid);
      }),
    );
    this.ledger?.clear();
    this.removeLeftovers();
  }

  /**
   * An empty folder to remove once every group has ended: a mount point the sandbox
   * left on disk (sandbox/sandbox-protected.ts), which a background job's sandbox may
   * still be using until then. Anything written into it since (on the host) keeps it.
   */
  removeWhenEnded(folder: string): void {
    this.leftovers.add(folder);
  }

  private removeLeftovers(): void {
    for (const folder of this.leftovers) {
      try {
        rmdirSync(folder);
      } catch {
        // Not empty (the user or gong wrote into it since) or already gone: it stays.
      }
    }
    this.leftovers.clear();
  }

  /** KILL to every group at once, for a process about to exit (no time for `dispose`). */
  killNow(): void {
    for (const [pgid, pipes] of this.groups) {
      signalGroup(pgid, "SIGKILL");
      for (const pipe of pipes) pipe.destroy();
    }
    this.groups.clear();
    this.ledger?.clear();
    this.removeLeftovers();
  }
}
