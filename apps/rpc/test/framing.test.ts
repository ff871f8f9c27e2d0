import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { JsonLineWriter, readLines } from "../src/jsonl/framing.js";

/** A stream that accepts writes but reports "full" until `drain()` is called. */
class SlowStream extends Writable {
  readonly chunks: string[] = [];
  private full = true;
  constructor() {
    super({ highWaterMark: 1 });
  }
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.chunks.push(chunk.toString());
    if (this.full) this.pendingDone = done;
    else done();
  }
  pendingDone: (() => void) | undefined;
  drain(): void {
    this.full = false;
    this.pendingDone?.();
  }
}

describe("JSON-lines framing", () => {
  it("writes each value as one whole line; under backpressure lines wait in order", async () => {
    const out = new SlowStream();
    const writer = new JsonLineWriter(out);
    writer.write({ type: "a", text: "two\nlines" });
    let drained = false;
    void writer.whenDrained().then(() => {
      drained = true;
    });
    writer.write({ type: "b" });
    writer.write({ type: "c" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drained).toBe(false);
    expect(out.chunks).toEqual(['{"type":"a","text":"two\\nlines"}\n']);
    out.drain();
    await writer.whenDrained();
    expect(drained).toBe(true);
    expect(out.chunks.join("")).toBe(
      '{"type":"a","text":"two\\nlines"}\n{"type":"b"}\n{"type":"c"}\n',
    );
  });

  it("reads \\n and \\r\\n lines in order and waits for each handler", async () => {
    const input = new PassThrough();
    const seen: string[] = [];
    const reading = readLines(input, async (line) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(line);
    });
    input.end('{"a":1}\r\n{"b":2}\npartial-then-eof');
    await reading;
    expect(seen).toEqual(['{"a":1}', '{"b":2}', "partial-then-eof"]);
  });
});
