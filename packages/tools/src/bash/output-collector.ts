/**
 * bash's output buffer (test/bash.test.ts, section 3): a rolling window of the most recent output in
 * memory (twice the byte limit), and — once the output is over the limits, so the
 * tail will be cut — the output in a log file in the tool-output folder, so memory
 * stays flat for any amount of output: complete up to `maxLogBytes`, past that its
 * head and tail (log-writer.ts). Line and byte totals are exact for the whole stream.
 */
import path from "node:path";
import { lineCountFrom, spillTimestamp } from "@gong/truncate";
import { countNewlines } from "./count-newlines.js";
import { LogWriter } from "./log-writer.js";

/** The limits bash cuts its tail to. */
interface OutputLimits {
  maxLines: number;
  maxBytes: number;
  /** The cap on the log file (it keeps its head and tail). */
  maxLogBytes: number;
}

interface CollectedOutput {
  /** The kept tail, decoded (starts at a whole line, or a whole character inside one long line). */
  tail: string;
  totalBytes: number;
  totalLines: number;
  /** Bytes dropped from the front of the window. */
  droppedBytes: number;
  fullOutputPath?: string;
  /** Bytes the capped log dropped from the middle of the output. */
  logDroppedBytes: number;
  /** Why the full output is not saved although the tail was cut. */
  logProblem?: string;
}

/**
 * Where the text of a window whose front was dropped starts: after its first newline,
 * so a cut-off line never shows as if it were whole — unless that line is the last one
 * (one long line, whose final bytes the tail cut keeps); then at the first byte that
 * starts a UTF-8 character.
 */
function keptStart(window: Buffer): number {
  const newline = window.indexOf(10);
  if (newline !== -1 && newline < window.length - 1) return newline + 1;
  let at = 0;
  while (at < window.length && at < 4 && (window[at]! & 0xc0) === 0x80) at++;
  return at;
}

export class OutputCollector {
  private chunks: Buffer[] = [];
  private windowBytes = 0;
  private totalBytes = 0;
  private newlines = 0;
  private lastByte = -1;
  private droppedBytes = 0;
  private log?: LogWriter;
  private logError?: Error;

  /**
   * `logFolder` is the tool-output folder, or the error that refused it (a symbolic
   * link, see truncate's `ensureOutputDir`): then the tail is kept without a log.
   */
  constructor(
    private readonly logFolder: string | Error,
    private readonly limits: OutputLimits,
  ) {
    if (logFolder instanceof Error) this.logError = logFolder;
  }

  /** Adds a chunk of output. */
  push(chunk: Buffer): void {
    this.totalBytes += chunk.length;
    this.newlines += countNewlines(chunk);
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1]!;
    if (!this.log && !this.logError && this.overLimits()) this.openLog();
    this.log?.append(chunk);
    this.chunks.push(chunk);
    this.windowBytes += chunk.length;
    // Keep twice maxBytes: every line the tail cut can keep lies within the last
    // maxBytes bytes, so it is still whole in the window (maxBytes + 1 would do).
    const windowLimit = 2 * this.limits.maxBytes;
    while (this.chunks.length > 1 && this.windowBytes - this.chunks[0]!.length >= windowLimit) {
      const dropped = this.chunks.shift()!;
      this.windowBytes -= dropped.length;
      this.droppedBytes += dropped.length;
    }
  }

  private get totalLines(): number {
    return lineCountFrom(this.newlines, this.lastByte);
  }

  /** The tail will be cut, so the full output needs its log. Once true, it stays true. */
  private overLimits(): boolean {
    return this.totalBytes > this.limits.maxBytes || this.totalLines > this.limits.maxLines;
  }

  /** The log file is behind: pause the producer and resume on `whenLogDrained`. */
  get backlogged(): boolean {
    return this.log?.backlogged ?? false;
  }

  whenLogDrained(): Promise<void> {
    return this.log?.whenDrained() ?? Promise.resolve();
  }

  private openLog(): void {
    // Never true here (a refused folder is `logError` from the start); narrows the type.
    if (this.logFolder instanceof Error) return;
    const name = `bash_${spillTimestamp(new Date())}_${process.pid}_${Math.random().toString(36).slice(2, 8)}.log`;
    try {
      // The folder exists: bash creates it before spawning.
      this.log = new LogWriter(path.join(this.logFolder, name), this.limits.maxLogBytes);
    } catch (error) {
      this.logError = error as Error;
      return;
    }
    // Everything so far is still in the window (nothing is dropped before the output is
    // over maxBytes, and the window holds twice that): it starts the log.
    for (const earlier of this.chunks) this.log.append(earlier);
  }

  /** The current tail as text (for streaming updates). */
  peekTail(): string {
    const buffer = Buffer.concat(this.chunks);
    return buffer.subarray(this.droppedBytes > 0 ? keptStart(buffer) : 0).toString("utf8");
  }

  async finish(): Promise<CollectedOutput> {
    let fullOutputPath: string | undefined;
    if (this.log) {
      await this.log.close();
      if (!this.log.error) fullOutputPath = this.log.path;
    }
    const problem = this.log?.error ?? this.logError;
    return {
      tail: this.peekTail(),
      totalBytes: this.totalBytes,
      totalLines: this.totalLines,
      droppedBytes: this.droppedBytes,
      fullOutputPath,
      logDroppedBytes: this.log?.droppedBytes ?? 0,
      ...(this.overLimits() && problem ? { logProblem: problem.message } : {}),
    };
  }
}
