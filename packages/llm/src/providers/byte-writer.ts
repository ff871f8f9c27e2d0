/**
 * UTF-8 bytes appended one string at a time into a buffer that doubles when full: a
 * request body of tens of MB is written piece by piece, so no string of the whole body
 * is ever built (and kept alive next to its bytes). Room a string may need is reserved
 * at three bytes per UTF-16 unit; what is reserved and never written is never touched,
 * so it costs address space, not memory.
 */
export class ByteWriter {
  private bytes: Buffer;
  /** Bytes written so far. */
  length = 0;

  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(capacity, 1024));
  }

  write(text: string): void {
    this.reserve(text.length * 3);
    this.length += this.bytes.write(text, this.length);
  }

  copy(source: Uint8Array): void {
    this.reserve(source.length);
    this.bytes.set(source, this.length);
    this.length += source.length;
  }

  /** Puts `text` at `offset`, moving what follows it. */
  insert(offset: number, text: string): void {
    const after = Buffer.from(this.bytes.subarray(offset, this.length));
    this.length = offset;
    this.write(text);
    this.copy(after);
  }

  /** The bytes from `start` to `end`, sharing memory with this writer. */
  view(start = 0, end = this.length): Buffer {
    return this.bytes.subarray(start, end);
  }

  private reserve(size: number): void {
    if (this.length + size <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + size));
    this.bytes.copy(bigger, 0, 0, this.length);
    this.bytes = bigger;
  }
}
