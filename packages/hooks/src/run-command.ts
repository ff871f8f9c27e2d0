import { spawn } from "node:child_process";
import type { Readable } from "node:stream";

export interface CommandResult {
  /** `null` when the command was killed or could not start. */
  exitCode: number | null;
  /** The signal that killed it, if one did. */
  signal?: NodeJS.Signals;
  /** At most MAX_HOOK_OUTPUT_BYTES of what the hook printed. */
  stdout: string;
  stderr: string;
  /** How many bytes the hook printed in all (more than `stdout` holds when it was capped). */
  stdoutBytes: number;
  stderrBytes: number;
  timedOut: boolean;
}

/**
 * The most a hook's stdout (or stderr) keeps in memory: more than any JSON answer or
 * reason needs, and the rest is read and counted but not kept, so a hook printing
 * gigabytes costs no memory (run-command.test.ts).
 */
export const MAX_HOOK_OUTPUT_BYTES = 4 * 1024 * 1024;

/** How long to keep reading after the hook exits, for output still in the pipes. */
const DRAIN_MS = 200;

/** A stream's first MAX_HOOK_OUTPUT_BYTES bytes, and the count of all of them. */
class CappedOutput {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(stream: Readable) {
    stream.on("data", (chunk: Buffer) => {
      this.total += chunk.length;
      const room = MAX_HOOK_OUTPUT_BYTES - this.kept;
      if (room <= 0) return;
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.length;
    });
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

function closed(stream: Readable): Promise<void> {
  return new Promise((done) => {
    if (stream.closed) return done();
    stream.once("close", () => done());
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is gone already: nothing left to end.
  }
}

/**
 * Runs one hook command through the shell with `input` on stdin, in its own process
 * group. The hook is over when its shell exits (plus a short drain of the pipes), not
 * when its pipes close: a child it left running (`server &`, or one that left the
 * group with setsid) cannot hold the next hook back. Then, and on timeout, the group
 * is killed, so the hook's children end with it (hooks-trust.test.ts,
 * run-command.test.ts).
 */
export function runHookCommand(
  command: string,
  input: string,
  options: { cwd: string; timeoutMs: number; env: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const stdout = new CappedOutput(child.stdout);
    const stderr = new CappedOutput(child.stderr);
    let timedOut = false;
    let settled = false;
    const finish = (end: { exitCode: number | null; signal?: NodeJS.Signals; error?: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      killGroup(child.pid);
      child.stdout.destroy();
      child.stderr.destroy();
      const stderrText = stderr.text();
      resolve({
        exitCode: end.exitCode,
        ...(end.signal ? { signal: end.signal } : {}),
        stdout: stdout.text(),
        stderr: stderrText || (end.error?.message ?? ""),
        stdoutBytes: stdout.total,
        stderrBytes: stderr.total,
        timedOut,
      });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      // The shell's exit (which follows the KILL) finishes the run.
      killGroup(child.pid);
    }, options.timeoutMs);
    child.on("error", (error) => finish({ exitCode: null, error }));
    child.on("exit", (exitCode, signal) => {
      const drained = Promise.all([closed(child.stdout), closed(child.stderr)]);
      const drainLimit = new Promise((done) => setTimeout(done, DRAIN_MS));
      void Promise.race([drained, drainLimit]).then(() =>
        finish({ exitCode, ...(signal ? { signal } : {}) }),
      );
    });
    // A script that never reads stdin must not make us fail with EPIPE.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}
