/**
 * Bytes of a session file → raw JSON records, recovering from what a crash or a bad
 * disk leaves behind: a torn last line (the process died mid-write) is ignored and its
 * byte offset returned so a writer can cut it off; a corrupt line in the middle is
 * skipped with a warning. Nothing here throws on bad data. Each record goes to the
 * caller as soon as its line is parsed, so what the caller makes of it (load.ts) is made
 * while the record is new, and no list of every record is kept.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { isRecord } from "@gong/base";
import type { SessionWarning } from "./errors.js";

export interface RawRecord {
  /** 1-based line number in the file. */
  line: number;
  value: Record<string, unknown>;
}

/** Takes each record, in file order. */
export type RecordSink = (record: RawRecord) => void;

export interface ParsedLines {
  warnings: SessionWarning[];
  /** Bytes worth keeping: a writer truncates the file to this length before appending. */
  validLength: number;
  /** The last line is complete JSON but its newline never reached the disk. */
  missingFinalNewline: boolean;
}

const NEWLINE = 0x0a;

/** `text` as a JSON object, or undefined when it is not JSON or not an object. */
export function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) return value;
  } catch {
    // Not JSON: the caller reports it as corrupt or torn.
  }
  return undefined;
}

/**
 * Bytes read at a time: a 50 MB session never sits in memory twice (bytes and text), and
 * each piece's text stays small enough for V8's young generation, where it dies cheaply
 * once its lines are parsed (4 MB pieces were large objects, each mapped afresh and kept
 * until a full collection: +25 MB of heap and 10 000 page faults on a 43 MB file).
 */
const CHUNK_BYTES = 64 * 1024;

/**
 * Reads the file at `path` a chunk at a time, parses its complete lines as they come and
 * hands each record to `sink`. Throws only the fs error of opening or reading it.
 */
export function parseSessionFile(
  path: string,
  sink: RecordSink,
): ParsedLines & { fileSize: number } {
  const lines = new LineParser(path, sink);
  const fd = openSync(path, "r");
  let chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let carried = 0; // the start of a line whose newline is in a later chunk
  let fileSize = 0;
  try {
    for (;;) {
      if (carried === chunk.length) chunk = grown(chunk);
      const read = readSync(fd, chunk, carried, chunk.length - carried, null);
      if (read === 0) break;
      fileSize += read;
      const filled = carried + read;
      const lastNewline = chunk.lastIndexOf(NEWLINE, filled - 1);
      if (lastNewline < carried) {
        carried = filled;
        continue;
      }
      // Split at a newline byte, never inside a multi-byte character.
      lines.parse(chunk.toString("utf8", 0, lastNewline + 1));
      chunk.copyWithin(0, lastNewline + 1, filled);
      carried = filled - lastNewline - 1;
    }
  } finally {
    closeSync(fd);
  }
  return { ...lines.finish(chunk.toString("utf8", 0, carried), fileSize), fileSize };
}

function grown(chunk: Buffer): Buffer {
  const bigger = Buffer.allocUnsafe(chunk.length * 2);
  chunk.copy(bigger);
  return bigger;
}

/** Complete lines in, records and warnings out; the last, unfinished line at the end. */
class LineParser {
  private readonly warnings: SessionWarning[] = [];
  private lineNumber = 0;

  constructor(
    private readonly path: string | undefined,
    private readonly sink: RecordSink,
  ) {}

  /** `text`: whole lines, each ending in a newline. */
  parse(text: string): void {
    let start = 0;
    while (start < text.length) {
      const end = text.indexOf("\n", start);
      this.lineNumber++;
      const lineText = text.slice(start, end);
      start = end + 1;
      if (lineText.trim() === "") continue;
      const value = parseObject(lineText);
      if (value === undefined) {
        this.warnings.push({
          kind: "corrupt_line",
          message: `Skipped line ${this.lineNumber}: it is not a valid JSON object (${preview(lineText)}). The rest of the session was loaded.`,
          line: this.lineNumber,
          ...this.where(),
        });
        continue;
      }
      this.sink({ line: this.lineNumber, value });
    }
  }

  /** `tailText`: what followed the last newline of a file of `fileSize` bytes. */
  finish(tailText: string, fileSize: number): ParsedLines {
    const { warnings } = this;
    const tailBytes = Buffer.byteLength(tailText);
    let validLength = fileSize - tailBytes;
    let missingFinalNewline = false;
    if (tailBytes > 0) {
      const value = tailText.trim() === "" ? undefined : parseObject(tailText);
      this.lineNumber++;
      if (value !== undefined) {
        // The whole line was written, only the newline is missing: keep it.
        this.sink({ line: this.lineNumber, value });
        validLength = fileSize;
        missingFinalNewline = true;
      } else if (tailText.trim() !== "") {
        warnings.push({
          kind: "torn_tail",
          message: `Ignored an incomplete last line (${tailBytes} bytes), left by an interrupted write. Nothing that finished writing was lost.`,
          line: this.lineNumber,
          ...this.where(),
        });
      }
    }
    return { warnings, validLength, missingFinalNewline };
  }

  private where(): { path?: string } {
    return this.path ? { path: this.path } : {};
  }
}

function preview(text: string): string {
  const short = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return JSON.stringify(short);
}
