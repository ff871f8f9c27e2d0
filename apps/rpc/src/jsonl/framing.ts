/**
 * The JSON-lines framing: whole lines in, whole lines out.
 *
 * Out: every line goes through one `JsonLineWriter` as a single `write` of one complete
 * line, so two objects never share a line however events and responses interleave.
 * When the reader is slow (`write` returns false) lines wait in order in our queue
 * and go out together on `drain`; `whenDrained` lets the reading side stop taking new
 * commands until then, so a client that floods commands without reading cannot make
 * gong-rpc buffer without bound.
 */
import { createInterface } from "node:readline";
import { toJsonLine } from "@gong/protocol";

export class JsonLineWriter {
  private queue: string[] = [];
  private waiting = false;
  private drained: Promise<void> = Promise.resolve();
  private release: () => void = () => {};

  /** The reader went away (EPIPE): nothing more can be delivered. */
  private closed = false;

  constructor(private readonly out: NodeJS.WritableStream) {}

  /** Stops writing (the stream failed) and releases anyone waiting for a drain. */
  close(): void {
    this.closed = true;
    this.waiting = false;
    this.queue = [];
    this.release();
  }

  write(value: unknown): void {
    if (this.closed) return;
    const line = toJsonLine(value);
    if (this.waiting) {
      this.queue.push(line);
      return;
    }
    if (!this.out.write(line)) this.waitForDrain();
  }

  /** Resolves once everything written so far has been handed to the stream. */
  whenDrained(): Promise<void> {
    return this.drained;
  }

  /** Resolves once the stream has flushed every line (before the process exits). */
  async flush(): Promise<void> {
    await this.drained;
    if (this.closed) return;
    await new Promise<void>((resolve) => this.out.write("", () => resolve()));
  }

  private waitForDrain(): void {
    this.waiting = true;
    this.drained = new Promise((resolve) => {
      this.release = resolve;
    });
    this.writeQueuedOnDrain();
  }

  /**
   * Until the queue is out, the same `drained` promise stays pending: a new one here
   * would strand whoever already awaits this one (a shutdown's `flush` never settled,
   * and Node exited 13 after a 2 MB prompt was echoed).
   */
  private writeQueuedOnDrain(): void {
    this.out.once("drain", () => {
      const pending = this.queue.join("");
      this.queue = [];
      if (pending && !this.out.write(pending)) {
        this.writeQueuedOnDrain();
        return;
      }
      this.waiting = false;
      this.release();
    });
  }
}

/**
 * Calls `onLine` for each line of `input` (`\n` or `\r\n`), in order, awaiting each
 * call, so a slow consumer (backpressure) holds the next line back. Resolves at EOF.
 */
export async function readLines(
  input: NodeJS.ReadableStream,
  onLine: (line: string) => void | Promise<void>,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) await onLine(line);
}
