/**
 * Appends bash output to its log file on the thread pool while the pipe keeps being
 * read, so disk and pipe overlap (a sync write would stall the producer). Queued bytes
 * are bounded: past MAX_BACKLOG_BYTES the caller pauses the pipe until the disk
 * catches up, so memory stays flat for any amount of output.
 */
import { close, openSync, writev } from "node:fs";

const MAX_BACKLOG_BYTES = 16 * 1024 * 1024;

export class LogWriter {
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private writing = false;
  private waiters: (() => void)[] = [];
  error?: Error;
  private readonly fd: number;

  constructor(readonly path: string) {
    // "wx": a log never replaces another file, even if two names ever collided.
    this.fd = openSync(path, "wx");
  }

  append(chunk: Buffer): void {
    if (this.error) return;
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    if (!this.writing) this.writeNext();
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
