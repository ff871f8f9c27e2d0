/**
 * The checkpoint store's git commands, run by one long-lived `/bin/sh` per store instead
 * of a process spawned from gong each: `child_process.spawn` forks the whole gong
 * process, which blocks it for milliseconds and costs more the bigger its heap (a long
 * session: 140 MiB), and a 50-turn session runs ~80 git commands, one to five before
 * every tool call that may change files. sh is small, so its forks are cheap.
 *
 * One command at a time, in the order asked: sh reads a line per command from its stdin,
 * runs git with its input, output and error in files of a private folder, and prints the
 * exit code on a line of its own — the only thing it writes to stdout. A shell idle for
 * a while exits (the next command starts another), and so does one whose gong is gone
 * (its stdin ends), removing its folder. A command the shell could not run reports
 * `code: null` and its caller runs it the old way, so the shell never fails a snapshot.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** What one command gave: `code` null when it could not be run by the shell at all. */
export interface ShellRun {
  code: number | null;
  stdout: Buffer;
  stderr: Buffer;
}

const NOT_RUN: ShellRun = { code: null, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) };

/** The shell exits after this long without a command; the next one starts another. */
const IDLE_MS = 10_000;

interface Pending {
  args: readonly string[];
  input: string | Buffer;
  resolve: (run: ShellRun) => void;
}

/** `'…'` with every `'` closed, escaped and reopened: any text but NUL as one sh word. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** Folders of running shells, removed when gong exits (a shell killed -9 has no trap). */
const liveDirs = new Set<string>();
let removingOnExit = false;

function removeOnExit(dir: string): void {
  if (!removingOnExit) process.once("exit", removeLiveDirs);
  removingOnExit = true;
  liveDirs.add(dir);
}

function removeLiveDirs(): void {
  for (const dir of liveDirs) removeDir(dir);
  liveDirs.clear();
}

/**
 * Never throws: the shell may still be writing into its folder (a git command's temporary
 * file) while gong exits on a signal, and rm then meets ENOTEMPTY. A folder left that way
 * is removed by the shell's own EXIT trap; a throw here would crash gong's exit
 * (processes.test.ts "a second SIGINT while a job that ignores TERM is being stopped").
 */
function removeDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 10 });
  } catch {
    // Left to the shell's trap, as said above.
  }
}

/** A child's pipe is a socket: it can stop (and start again) holding gong open. */
function socket(pipe: NodeJS.ReadableStream | NodeJS.WritableStream): Socket {
  return pipe as Socket;
}

export class GitShell {
  private child: ChildProcessWithoutNullStreams | undefined;
  private dir: string | undefined;
  private readonly queue: Pending[] = [];
  private running: Pending | undefined;
  private lines = "";
  private idle: NodeJS.Timeout | undefined;
  /** Set when sh cannot be used here; every command then reports `code: null`. */
  private broken = false;

  constructor(
    private readonly cwd: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Runs `git args…` with `input` on its stdin. */
  run(args: readonly string[], input: string | Buffer): Promise<ShellRun> {
    return new Promise((resolve) => {
      this.queue.push({ args, input, resolve });
      if (!this.running) this.next();
    });
  }

  private next(): void {
    const command = this.queue.shift();
    if (!command) {
      if (this.child) socket(this.child.stdout).unref();
      this.idle = setTimeout(() => this.stop(), IDLE_MS).unref();
      return;
    }
    clearTimeout(this.idle);
    this.running = command;
    const started = this.start();
    if (!started) {
      this.finish(NOT_RUN);
      return;
    }
    // Waiting for the answer keeps gong running; an idle shell does not.
    socket(started.child.stdout).ref();
    const io = (name: string) => shellQuote(path.join(started.dir, name));
    let input = "/dev/null";
    if (command.input.length > 0) {
      writeFileSync(path.join(started.dir, "in"), command.input);
      input = io("in");
    }
    const words = ["git", ...command.args].map(shellQuote).join(" ");
    started.child.stdin.write(`${words} <${input} >${io("out")} 2>${io("err")}; echo $?\n`);
  }

  private start(): { child: ChildProcessWithoutNullStreams; dir: string } | undefined {
    if (this.child && this.dir) return { child: this.child, dir: this.dir };
    if (this.broken) return undefined;
    try {
      const dir = mkdtempSync(path.join(tmpdir(), "gong-git-"));
      const child = spawn("/bin/sh", [], { cwd: this.cwd, env: this.env, stdio: "pipe" });
      child.on("error", () => this.fail(child));
      child.on("exit", () => this.fail(child));
      // The end of its stdout is the first sign of a shell gone mid-command: the process
      // handle is unref'd, so without an answer here gong could exit with a call waiting.
      child.stdout.on("close", () => this.fail(child));
      // A failed write means the shell is gone: "exit" says so.
      child.stdin.on("error", () => {});
      child.stderr.resume();
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (text: string) => this.read(text));
      child.unref();
      socket(child.stdin).unref();
      socket(child.stderr).unref();
      // A shell that outlives gong (killed -9: its stdin ends) removes its own files; rm
      // by its path, as PATH may not name it. Gong removes them when it exits itself. A
      // dead gong's pipe must not kill sh on the next exit code it writes (SIGPIPE), nor
      // a signal to gong's process group end it before its EXIT trap.
      const remove = shellQuote(`/bin/rm -rf -- ${shellQuote(dir)}`);
      child.stdin.write(
        `trap ${remove} EXIT; trap '' PIPE; trap 'exit 129' HUP; trap 'exit 130' INT; trap 'exit 143' TERM\n`,
      );
      removeOnExit(dir);
      this.child = child;
      this.dir = dir;
      return { child, dir };
    } catch {
      this.broken = true;
      return undefined;
    }
  }

  /** Exit codes, one per line, each the end of the command running. */
  private read(text: string): void {
    this.lines += text;
    for (let end = this.lines.indexOf("\n"); end >= 0; end = this.lines.indexOf("\n")) {
      const code = Number(this.lines.slice(0, end));
      this.lines = this.lines.slice(end + 1);
      const dir = this.dir;
      if (!dir || !this.running) continue;
      this.finish({
        code,
        stdout: readFileSync(path.join(dir, "out")),
        stderr: readFileSync(path.join(dir, "err")),
      });
    }
  }

  private finish(run: ShellRun): void {
    const done = this.running;
    this.running = undefined;
    done?.resolve(run);
    this.next();
  }

  /** The shell ended or never started: what was running gets `code: null`, run elsewhere. */
  private fail(child: ChildProcessWithoutNullStreams): void {
    if (this.child !== child) return;
    const stopped = !this.running;
    this.cleanUp();
    if (!stopped) {
      // Not an idle stop: this shell is not to be trusted again.
      this.broken = true;
      this.finish(NOT_RUN);
    }
  }

  private stop(): void {
    if (this.running) return;
    const child = this.child;
    this.cleanUp();
    child?.stdin.end();
  }

  private cleanUp(): void {
    if (this.dir) {
      removeDir(this.dir);
      liveDirs.delete(this.dir);
    }
    this.child = undefined;
    this.dir = undefined;
    this.lines = "";
  }
}
