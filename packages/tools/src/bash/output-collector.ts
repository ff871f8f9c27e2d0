/**
 * bash's output buffer (seed 002 §B): a rolling window of the most recent ~100 KB in
 * memory, and — once the output passes 50 KB — the complete output in a log file in
 * the tool-output folder, so memory stays flat for any amount of output while nothing
 * is lost. Line and byte totals are exact for the whole stream.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { countNewlines } from "./count-newlines.js";
import { LogWriter } from "./log-writer.js";

export const ROLLING_WINDOW_BYTES = 100 * 1024;
export const SPILL_THRESHOLD_BYTES = 50 * 1024;

export interface CollectedOutput {
  /** The kept tail, decoded (starts at a character boundary). */
  tail: string;
  totalBytes: number;
  totalLines: number;
  /** Bytes dropped from the front of the window. */
  droppedBytes: number;
  fullOutputPath?: string;
}

function timestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** Index of the first byte that starts a UTF-8 character (skips continuation bytes). */
function firstCharBoundary(buffer: Buffer): number {
  let at = 0;
  while (at < buffer.length && at < 4 && (buffer[at]! & 0xc0) === 0x80) at++;
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

  constructor(private readonly outputDir: string) {}

  /** Adds a chunk of output. */
  push(chunk: Buffer): void {
    this.totalBytes += chunk.length;
    this.newlines += countNewlines(chunk);
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1]!;
    if (!this.log && this.totalBytes > SPILL_THRESHOLD_BYTES && !this.logError) this.openLog();
    this.log?.append(chunk);
    this.chunks.push(chunk);
    this.windowBytes += chunk.length;
    while (
      this.chunks.length > 1 &&
      this.windowBytes - this.chunks[0]!.length >= ROLLING_WINDOW_BYTES
    ) {
      const dropped = this.chunks.shift()!;
      this.windowBytes -= dropped.length;
      this.droppedBytes += dropped.length;
    }
  }

  /** The log file is behind: pause the producer and resume on `whenLogDrained`. */
  get backlogged(): boolean {
    return this.log?.backlogged ?? false;
  }

  whenLogDrained(): Promise<void> {
    return this.log?.whenDrained() ?? Promise.resolve();
  }

  private openLog(): void {
    const name = `bash_${timestamp(new Date())}_${process.pid}_${Math.random().toString(36).slice(2, 8)}.log`;
    try {
      // The folder exists: bash creates it before spawning.
      this.log = new LogWriter(path.join(this.outputDir, name));
    } catch (error) {
      this.logError = error as Error;
      return;
    }
    // Everything so far is still in the window (50 KB < 100 KB): it starts the log.
    for (const earlier of this.chunks) this.log.append(earlier);
  }

  /** The current tail as text (for streaming updates). */
  peekTail(): string {
    const buffer = Buffer.concat(this.chunks);
    return buffer.subarray(this.droppedBytes > 0 ? firstCharBoundary(buffer) : 0).toString("utf8");
  }

  async finish(): Promise<CollectedOutput> {
    let fullOutputPath: string | undefined;
    if (this.log) {
      await this.log.close();
      if (!this.log.error) fullOutputPath = this.log.path;
    }
    return {
      tail: this.peekTail(),
      totalBytes: this.totalBytes,
      totalLines: this.newlines + (this.lastByte !== -1 && this.lastByte !== 10 ? 1 : 0),
      droppedBytes: this.droppedBytes,
      fullOutputPath,
    };
  }
}

/** Creates the tool-output folder with a `.gitignore` of `*` (never committed). */
export async function ensureOutputDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, ".gitignore"), "*\n", { flag: "wx" }).catch((error) => {
    // EEXIST: the folder was set up before, which is the normal case.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  });
}
