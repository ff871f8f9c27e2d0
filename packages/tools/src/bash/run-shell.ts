/**
 * Runs one shell command to its end (test/bash.test.ts, section 4) and says how it
 * ended, as data. The call ends when the shell exits (plus a short drain), not when its
 * pipes close, so `server &` cannot hang it; timeout and abort end the whole process
 * group (TERM, then KILL).
 */
import type { ChildProcess } from "node:child_process";
import type { ExecOperations, SpawnShellOptions } from "./exec.js";
import type { OutputCollector } from "./output-collector.js";
import type { ProcessGroups } from "./process-groups.js";
import { terminateGroup } from "./process-tree.js";

/** How a shell command ended. `exitCode` is null when a signal ended the shell. */
export type ShellOutcome =
  | { kind: "exited"; exitCode: number | null; signal: NodeJS.Signals | null }
  | { kind: "timed_out"; exitCode: number | null; signal: NodeJS.Signals | null }
  | { kind: "aborted"; exitCode: number | null; signal: NodeJS.Signals | null }
  | { kind: "spawn_error"; error: Error };

export interface RunShellOptions {
  exec: ExecOperations;
  spawn: SpawnShellOptions;
  /** Where background jobs the command leaves running are tracked until the session ends. */
  processes: ProcessGroups;
  collector: OutputCollector;
  timeoutMs: number;
  /** Time between TERM and KILL. */
  killGraceMs: number;
  /** How long to keep reading after the shell exits once output goes quiet. */
  drainMs: number;
  signal?: AbortSignal;
  /** Called after each chunk reaches the collector (progress updates). */
  onOutput?: () => void;
}

/** Longest we keep reading after the shell exited while a background child still writes. */
const DRAIN_CAP_MS = 2000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type ShellEnd = { exitCode: number | null; signal: NodeJS.Signals | null } | { error: Error };

export async function runShell(options: RunShellOptions): Promise<ShellOutcome> {
  let child: ChildProcess;
  try {
    child = options.exec.spawnShell(options.spawn);
  } catch (error) {
    return { kind: "spawn_error", error: error as Error };
  }
  if (child.pid !== undefined) options.processes.track(child.pid, [child.stdout, child.stderr]);
  const stopper = new GroupStopper(child, options);
  const reader = new OutputReader(child, options.collector, options.onOutput);
  const end = await shellEnd(child);
  stopper.disarm();
  await drainAfterExit(reader, options.collector, options.drainMs);
  reader.release();
  await stopper.killing;
  if ("error" in end) return { kind: "spawn_error", error: end.error };
  return { kind: stopper.reason ?? "exited", ...end };
}

/** The shell's exit, or the error that kept it from starting — whichever comes first. */
function shellEnd(child: ChildProcess): Promise<ShellEnd> {
  return new Promise((resolve) => {
    child.once("error", (error) => resolve({ error }));
    child.once("exit", (exitCode, signal) => resolve({ exitCode, signal }));
  });
}

/**
 * Ends the command's process group on timeout or abort, once. An abort outranks a
 * timeout: the user stopped the command, whatever the clock said.
 */
class GroupStopper {
  reason: "timed_out" | "aborted" | undefined;
  killing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly onAbort = () => this.stop("aborted");

  constructor(
    private readonly child: ChildProcess,
    private readonly options: Pick<RunShellOptions, "timeoutMs" | "killGraceMs" | "signal">,
  ) {
    // bash's schema caps the timeout at an hour, well under setTimeout's 2^31-1 ms limit.
    this.timer = setTimeout(() => this.stop("timed_out"), options.timeoutMs);
    options.signal?.addEventListener("abort", this.onAbort, { once: true });
    if (options.signal?.aborted) this.onAbort();
  }

  /** The shell has exited: a later timeout or abort has nothing left to stop. */
  disarm(): void {
    clearTimeout(this.timer);
    this.options.signal?.removeEventListener("abort", this.onAbort);
  }

  private stop(reason: "timed_out" | "aborted"): void {
    if (this.reason !== "aborted") this.reason = reason;
    if (this.killing) return;
    const pid = this.child.pid;
    if (pid !== undefined) this.killing = terminateGroup(pid, this.options.killGraceMs);
    // Not a local process (ExecOperations): its backend stops it.
    else if (this.child.kill()) this.killing = Promise.resolve();
  }
}

/**
 * Feeds the shell's pipes into the collector. The collector's memory is bounded; when
 * its log file falls behind, the pipe is paused so the output waits in the OS pipe
 * instead of in our memory.
 */
class OutputReader {
  lastDataAt = performance.now();
  readonly pipesClosed: Promise<unknown>;
  /** Set when the call returns: later output of background jobs is read and dropped. */
  private released = false;

  constructor(
    private readonly child: ChildProcess,
    private readonly collector: OutputCollector,
    private readonly onOutput: (() => void) | undefined,
  ) {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on("data", (chunk: Buffer) => this.receive(stream, chunk));
    }
    this.pipesClosed = Promise.all([closed(child.stdout), closed(child.stderr)]);
  }

  /**
   * Background jobs may go on printing: their pipes stay open and flowing (a closed pipe
   * would kill them with SIGPIPE) until the session's ProcessGroups ends them.
   */
  release(): void {
    this.released = true;
    this.child.stdout?.resume();
    this.child.stderr?.resume();
  }

  private receive(stream: NodeJS.ReadableStream, chunk: Buffer): void {
    if (this.released) return;
    this.lastDataAt = performance.now();
    this.collector.push(chunk);
    if (this.collector.backlogged && !stream.isPaused()) {
      stream.pause();
      void this.collector.whenLogDrained().then(() => stream.resume());
    }
    this.onOutput?.();
  }
}

function closed(stream: NodeJS.ReadableStream | null): Promise<void> {
  return new Promise<void>((done) => {
    if (!stream) return done();
    stream.once("end", done);
    stream.once("close", done);
  });
}

/**
 * A background child (`sleep 100 &`) may hold the pipe open forever: keep reading while
 * output still flows (the pipe may hold the last 64 KB, or be paused behind the log),
 * stop after `drainMs` of quiet or DRAIN_CAP_MS in all.
 */
async function drainAfterExit(
  reader: OutputReader,
  collector: OutputCollector,
  drainMs: number,
): Promise<void> {
  const exitedAt = performance.now();
  let pipesClosed = false;
  void reader.pipesClosed.then(() => {
    pipesClosed = true;
  });
  while (!pipesClosed) {
    await Promise.race([reader.pipesClosed, sleep(drainMs)]);
    const now = performance.now();
    const quiet = now - reader.lastDataAt >= drainMs && !collector.backlogged;
    if (quiet || now - exitedAt >= DRAIN_CAP_MS) break;
  }
}
