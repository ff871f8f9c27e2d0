/**
 * One command bash started with `run_in_background: true` (test/background-shells.test.ts).
 * Its pipes are read for as long as they stay open: the whole output goes to its log in
 * the tool-output folder (capped like bash's log, log-writer.ts), what the model has not
 * read yet waits in a bounded window (past it, only the log has it), and the last few
 * kilobytes stay for a UI's live tail.
 */
import type { ChildProcess } from "node:child_process";
import { LogWriter } from "./log-writer.js";

export type BackgroundShellStatus = "running" | "exited" | "killed";

/** What a UI or the model is told about a shell. */
export interface BackgroundShellInfo {
  id: string;
  command: string;
  status: BackgroundShellStatus;
  /** ISO time the shell started. */
  startedAt: string;
  /** null while it runs, or when a signal ended it. */
  exitCode: number | null;
  /** The signal that ended it, if one did. */
  signal: string | null;
  /** Bytes it has written so far. */
  outputBytes: number;
  /** Its full output (absolute path); none when the log could not be opened. */
  logPath?: string;
  /** Who ended it, when it was killed: the model (kill_shell) or the user (a UI). */
  killedBy?: "model" | "user";
}

/** What `bash_output` gets: the output not read before, and the shell's state. */
export interface ShellRead {
  info: BackgroundShellInfo;
  output: string;
  /** Unread bytes that fell out of the window before this read: they are in the log only. */
  droppedBytes: number;
  /** Why the log is missing, when it is. */
  logProblem?: string;
}

/** Bytes kept for a UI's live tail. */
const RECENT_BYTES = 8 * 1024;
/** How long the end of the output may trail the shell's exit before the exit is reported. */
const EXIT_DRAIN_MS = 200;

/** The newest bytes of a stream, at most `limit` once trimmed. */
class RollingBuffer {
  private chunks: Buffer[] = [];
  private bytes = 0;
  dropped = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    while (this.chunks.length > 1 && this.bytes - this.chunks[0]!.length >= this.limit) {
      const first = this.chunks.shift()!;
      this.bytes -= first.length;
      this.dropped += first.length;
    }
  }

  /** The text, from its first whole line when its front was dropped. */
  text(): string {
    const joined = Buffer.concat(this.chunks);
    if (this.dropped === 0) return joined.toString("utf8");
    const newline = joined.indexOf(10);
    let start = newline !== -1 && newline < joined.length - 1 ? newline + 1 : 0;
    while (start < joined.length && (joined[start]! & 0xc0) === 0x80) start++;
    return joined.subarray(start).toString("utf8");
  }

  clear(): void {
    this.chunks = [];
    this.bytes = 0;
    this.dropped = 0;
  }
}

export interface BackgroundShellOptions {
  id: string;
  command: string;
  child: ChildProcess;
  /** The log's path, or why there is none (a refused tool-output folder). */
  log: string | Error;
  maxLogBytes: number;
  /** Unread output kept in memory. */
  windowBytes: number;
  /** Something changed (output, exit): a UI may redraw. */
  onChange: () => void;
  /** The shell has exited and its output is read: clean up (the script file of a long command). */
  onEnd?: () => void;
}

export class BackgroundShell {
  readonly id: string;
  readonly command: string;
  readonly child: ChildProcess;
  readonly startedAt = new Date();
  status: BackgroundShellStatus = "running";
  exitCode: number | null = null;
  signal: NodeJS.Signals | null = null;
  /** kill_shell (or the user, in a UI) asked for the end: the exit reads "killed". */
  killedBy: "model" | "user" | undefined;
  /** The model knows how it ended (it read it, or killed it, or was told). */
  announced = false;
  /** Resolves once the exit is recorded. */
  readonly ended: Promise<void>;
  private outputBytes = 0;
  private readonly unread: RollingBuffer;
  private readonly recent = new RollingBuffer(RECENT_BYTES);
  private readonly log: LogWriter | undefined;
  private logProblem: string | undefined;

  constructor(private readonly options: BackgroundShellOptions) {
    this.id = options.id;
    this.command = options.command;
    this.child = options.child;
    this.unread = new RollingBuffer(options.windowBytes);
    if (options.log instanceof Error) this.logProblem = options.log.message;
    else {
      try {
        this.log = new LogWriter(options.log, options.maxLogBytes);
      } catch (error) {
        this.logProblem = (error as Error).message;
      }
    }
    const pipesClosed = Promise.all(
      [this.child.stdout, this.child.stderr].map((stream) => this.readFrom(stream)),
    );
    void pipesClosed.then(() => this.closeLog());
    this.ended = this.recordExit(pipesClosed);
  }

  private readFrom(stream: NodeJS.ReadableStream | null): Promise<void> {
    if (!stream) return Promise.resolve();
    stream.on("data", (chunk: Buffer) => {
      this.outputBytes += chunk.length;
      this.unread.push(chunk);
      this.recent.push(chunk);
      this.log?.append(chunk);
      // The log's backlog is bounded: the output waits in the OS pipe, not in our memory.
      if (this.log?.backlogged && !stream.isPaused()) {
        stream.pause();
        void this.log.whenDrained().then(() => stream.resume());
      }
      this.options.onChange();
    });
    return new Promise((done) => {
      stream.once("end", done);
      stream.once("close", done);
    });
  }

  /**
   * The exit is recorded once the output has been read to its end, or shortly after the
   * exit when a process the shell started keeps the pipe open.
   */
  private async recordExit(pipesClosed: Promise<unknown>): Promise<void> {
    const end = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve) => {
        this.child.once("exit", (code, signal) => resolve({ code, signal }));
        // Not started after all (the shell is missing): an exit of its own, code 127 as bash says.
        this.child.once("error", () => resolve({ code: 127, signal: null }));
      },
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      pipesClosed,
      new Promise((resolve) => {
        timer = setTimeout(resolve, EXIT_DRAIN_MS);
      }),
    ]);
    clearTimeout(timer);
    this.exitCode = end.code;
    this.signal = end.signal;
    this.status = this.killedBy ? "killed" : "exited";
    this.options.onEnd?.();
    this.options.onChange();
  }

  private async closeLog(): Promise<void> {
    if (!this.log) return;
    await this.log.close();
    if (this.log.error) this.logProblem = this.log.error.message;
  }

  info(): BackgroundShellInfo {
    return {
      id: this.id,
      command: this.command,
      status: this.status,
      startedAt: this.startedAt.toISOString(),
      exitCode: this.exitCode,
      signal: this.signal,
      outputBytes: this.outputBytes,
      ...(this.status === "killed" && this.killedBy ? { killedBy: this.killedBy } : {}),
      ...(this.log && !this.log.error ? { logPath: this.log.path } : {}),
    };
  }

  /** The output since the last read; an ended shell's read tells the model how it ended. */
  read(): ShellRead {
    const read: ShellRead = {
      info: this.info(),
      output: this.unread.text(),
      droppedBytes: this.unread.dropped,
      ...(this.logProblem ? { logProblem: this.logProblem } : {}),
    };
    this.unread.clear();
    if (this.status !== "running") this.announced = true;
    return read;
  }

  /** The last few kilobytes, whether read or not (a UI's live tail). */
  recentOutput(): string {
    return this.recent.text();
  }
}
