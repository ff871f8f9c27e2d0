/**
 * The background shells of one session (test/background-shells.test.ts): bash with
 * `run_in_background: true` starts one and returns its id at once, `bash_output` reads
 * it, `kill_shell` ends its process group. At most `maxShells` run at once. Their
 * groups are tracked in the session's `ProcessGroups`, so they end with the session
 * and, after a kill -9 of gong, through the job ledger on the next open.
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { spillTimestamp } from "@gong/truncate";
import { BackgroundShell, type BackgroundShellInfo, type ShellRead } from "./background-shell.js";
import type { ProcessGroups } from "./process-groups.js";
import { terminateGroup } from "./process-tree.js";

export type { BackgroundShellInfo, BackgroundShellStatus, ShellRead } from "./background-shell.js";

export const DEFAULT_MAX_BACKGROUND_SHELLS = 8;

export interface BackgroundShellsOptions {
  /** The session's process groups (default: a set of its own, which nobody ends). */
  processes: ProcessGroups;
  /** Shells running at once (settings `maxBackgroundShells`, default 8). */
  maxShells?: number;
  /** Time between TERM and KILL for kill_shell (default 2000 ms). */
  killGraceMs?: number;
}

export interface StartShellOptions {
  command: string;
  child: ChildProcess;
  /** The tool-output folder, or why it was refused (then the shell has no log). */
  logFolder: string | Error;
  maxLogBytes: number;
  /** Unread output kept in memory per shell. */
  windowBytes: number;
  onEnd?: () => void;
}

/** One line, at most this long, names a command in notices. */
const COMMAND_CHARS = 60;

export function shortCommand(command: string): string {
  const line = command.replace(/\s+/g, " ").trim();
  return line.length > COMMAND_CHARS ? `${line.slice(0, COMMAND_CHARS - 1)}…` : line;
}

/** How an ended shell ended, in words: `exited with code 1`, `was ended by SIGTERM`. */
export function shellEnding(info: BackgroundShellInfo): string {
  if (info.status === "running") return "is still running";
  if (info.status === "killed")
    return info.killedBy === "user" ? "was killed by the user" : "was killed";
  if (info.signal) return `was ended by ${info.signal}`;
  return `exited with code ${info.exitCode}`;
}

export class BackgroundShells {
  private readonly shells = new Map<string, BackgroundShell>();
  private readonly listeners = new Set<() => void>();
  private nextNumber = 1;
  readonly maxShells: number;
  private readonly killGraceMs: number;

  constructor(private readonly options: BackgroundShellsOptions) {
    this.maxShells = options.maxShells ?? DEFAULT_MAX_BACKGROUND_SHELLS;
    this.killGraceMs = options.killGraceMs ?? 2000;
  }

  /** Why another shell cannot start now, or undefined when it can. */
  refusal(): string | undefined {
    const running = this.list().filter((shell) => shell.status === "running");
    if (running.length < this.maxShells) return undefined;
    const ids = running.map((shell) => shell.id).join(", ");
    return `${running.length} background shells are running (${ids}), the most a session may run at once (settings maxBackgroundShells)`;
  }

  /** Registers a shell bash just spawned; its id is what the model uses from now on. */
  start(options: StartShellOptions): BackgroundShellInfo {
    const id = `bash_${this.nextNumber++}`;
    const name = `bash_${spillTimestamp(new Date())}_${process.pid}_${id}.log`;
    const log =
      options.logFolder instanceof Error ? options.logFolder : path.join(options.logFolder, name);
    const shell = new BackgroundShell({
      id,
      command: options.command,
      child: options.child,
      log,
      maxLogBytes: options.maxLogBytes,
      windowBytes: options.windowBytes,
      onChange: () => this.changed(),
      ...(options.onEnd ? { onEnd: options.onEnd } : {}),
    });
    this.shells.set(id, shell);
    // No pipes handed over: the shell reads its own until they close.
    if (options.child.pid !== undefined) this.options.processes.track(options.child.pid, []);
    this.changed();
    return shell.info();
  }

  /** What to say of an id this session never gave: the ids it did. */
  unknownIdMessage(id: string): string {
    const known = this.list().map((shell) => `${shell.id} (${shell.status})`);
    const list =
      known.length > 0
        ? `Shells of this session: ${known.join(", ")}.`
        : "No background shell was started in this session.";
    return `No background shell ${id}. ${list}`;
  }

  get(id: string): BackgroundShellInfo | undefined {
    return this.shells.get(id)?.info();
  }

  /** Every shell of the session, oldest first, ended ones included. */
  list(): BackgroundShellInfo[] {
    return [...this.shells.values()].map((shell) => shell.info());
  }

  /** What `id` wrote since the last read, and whether it still runs. */
  read(id: string): ShellRead | undefined {
    return this.shells.get(id)?.read();
  }

  /** The last few kilobytes of `id`'s output (a UI's live tail). */
  recentOutput(id: string): string | undefined {
    return this.shells.get(id)?.recentOutput();
  }

  /**
   * Ends `id`'s process group (TERM, then KILL after the grace) and resolves with its
   * final state once its exit is recorded; undefined for an unknown id. The model hears
   * of a kill the user made (`/bashes`, an editor) at its next turn, not of its own.
   */
  async kill(id: string, by: "model" | "user" = "model"): Promise<BackgroundShellInfo | undefined> {
    const shell = this.shells.get(id);
    if (!shell) return undefined;
    if (by === "model") shell.announced = true;
    if (shell.status !== "running") return shell.info();
    shell.killedBy ??= by;
    const pid = shell.child.pid;
    // Not a local process (an editor's terminal): its backend stops it.
    if (pid === undefined) shell.child.kill();
    else await terminateGroup(pid, this.killGraceMs);
    await shell.ended;
    return shell.info();
  }

  /**
   * One line per shell that ended since the model last heard of it (it did not read its
   * end with bash_output nor kill it), each said once.
   */
  takeExitNotices(): string[] {
    const notices: string[] = [];
    for (const shell of this.shells.values()) {
      if (shell.status === "running" || shell.announced) continue;
      shell.announced = true;
      const info = shell.info();
      notices.push(
        `Background shell ${info.id} (${shortCommand(info.command)}) ${shellEnding(info)}; bash_output(shell_id="${info.id}") shows its last output.`,
      );
    }
    return notices;
  }

  /** Calls `listener` whenever a shell starts, prints or ends; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A UI's redraw that throws must not stop the shell's reading; the UI reports its own errors.
      }
    }
  }
}
