/**
 * Appends bash output to its log file on the thread pool while the pipe keeps being
 * read, so disk and pipe overlap (a sync write would stall the producer). Queued bytes
 * are bounded: past MAX_BACKLOG_BYTES the caller pauses the pipe until the disk
 * catches up, so memory stays flat for any amount of output.
 *
 * The file is capped at `maxBytes` (`TOOL_OUTPUT_MAX_FILE_BYTES`): past its head the
 * output is kept only as a rolling tail in memory, written after a line saying how much
 * was dropped when the log closes (resource-caps.test.ts: `yes` once wrote 4.35 GB).
 */
import { close, openSync, writev } from "node:fs";
import { droppedNotice, headAndTailBytes } from "@gong/truncate";

const MAX_BACKLOG_BYTES = 16 * 1024 * 1024;

export class LogWriter {
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private writing = false;
  private waiters: (() => void)[] = [];
  error?: Error;
  private readonly fd: number;
  /** Bytes the head may still take. */
  private headRoom: number;
  private readonly tailLimit: number;
  /** The newest output past the head, at most `tailLimit` bytes once trimmed. */
  private tail: Buffer[] = [];
  private tailBytes = 0;
  /** Bytes past the head that fell out of the tail. */
  droppedBytes = 0;

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
  ) {
    // "wx": a log never replaces another file, even if two names ever collided.
    this.fd = openSync(path, "wx");
    const { head, tail } = headAndTailBytes(maxBytes);
    this.headRoom = head;
    this.tailLimit = tail;
  }

  append(chunk: Buffer): void {
    if (this.error) return;
    const forHead = Math.min(this.headRoom, chunk.length);
    if (forHead > 0) {
      this.headRoom -= forHead;
      this.enqueue(forHead === chunk.length ? chunk : chunk.subarray(0, forHead));
    }
    if (forHead < chunk.length) this.keepInTail(chunk.subarray(forHead));
  }

  private enqueue(chunk: Buffer): void {
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    if (!this.writing) this.writeNext();
  }

  private keepInTail(chunk: Buffer): void {
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tail.length > 0 && this.tailBytes - this.tail[0]!.length >= this.tailLimit) {
      const dropped = this.tail.shift()!;
      this.tailBytes -= dropped.length;
      this.droppedBytes += dropped.length;
    }
  }

  /** The tail cut to its limit, starting at a whole UTF-8 character; counts what it cut. */
  private trimmedTail(): Buffer {
    const joined = Buffer.concat(this.tail);
    let start = Math.max(0, joined.length - this.tailLimit);
    while (start > 0 && start < joined.length && (joined[start]! & 0xc0) === 0x80) start++;
    this.droppedBytes += start;
    return joined.subarray(start);
  }

  /** True while the backlog is over the bound: pause the producer until `whenDrained`. */
  get backlogged(): boolean {
    return this.queuedBytes > MAX_BACKLOG_BYTES;
  }

  /** Resolves once everything appended so far is written. */
  whenDrained(): Promise<void> {
    if (!this.writing) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    const tail = this.trimmedTail();
    if (this.droppedBytes > 0) {
      this.enqueue(Buffer.from(droppedNotice(this.droppedBytes, this.maxBytes)));
    }
    if (tail.length > 0) this.enqueue(tail);
    await this.whenDrained();
    await new Promise<void>((resolve) => close(this.fd, () => resolve()));
  }

  private writeNext(): void {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0 || this.error) {
      this.writing = false;
      for (const waiter of this.waiters.splice(0)) waiter();
      return;
    }
    this.writing = true;
    const batchBytes = batch.reduce((sum, chunk) => sum + chunk.length, 0);
    writev(this.fd, batch, (error) => {
      this.queuedBytes -= batchBytes;
      if (error) this.error = error;
      this.writeNext();
    });
  }
}
