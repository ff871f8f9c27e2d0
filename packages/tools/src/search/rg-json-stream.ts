/**
 * `rg --json` output, split into events with bounded memory. rg prints a matching line
 * whole inside one JSON line and ignores --max-columns in JSON mode, so a 10 MB line
 * became a 10 MB line of JSON, a 20 MB string and a parsed copy (663 MB and 3 s for one
 * grep). A JSON line over MAX_EVENT_BYTES is not parsed: its start is kept (type, path
 * and the first part of the text — grep cuts lines to 500 chars anyway) and the few
 * bytes right after the text's closing quote, where rg puts `"line_number"`.
 */

export interface RgText {
  text?: string;
  bytes?: string;
}

export interface RgEvent {
  type: string;
  data?: { path?: RgText; lines?: RgText; line_number?: number };
  /** A JSON line over MAX_EVENT_BYTES: `data.lines` holds only the start of the line. */
  headOnly?: true;
}

/** JSON lines longer than this are read as a long-line event (head + line number). */
export const MAX_EVENT_BYTES = 256 * 1024;
/** Bytes kept after the text of a long line: `},"line_number":123456789,` fits. */
const AFTER_TEXT_BYTES = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;

/** The JSON string prefix `body` (no quotes), decoded; a cut escape at its end dropped. */
function decodeStringPrefix(body: string): string {
  for (let trim = 0; trim <= 6 && trim <= body.length; trim++) {
    try {
      return JSON.parse(`"${body.slice(0, body.length - trim)}"`) as string;
    } catch {
      // Cut inside an escape (`\`, `\u12`) or a character: try a little shorter.
    }
  }
  return "";
}

function parseLongLine(head: Buffer, after: Buffer): RgEvent | undefined {
  const text = head.toString("utf8");
  const type = /^\{"type":"(\w+)"/.exec(text)?.[1];
  if (!type) return undefined;
  const path = /"path":\{"(text|bytes)":"((?:[^"\\]|\\.)*)"\}/.exec(text);
  const lines = /"lines":\{"(text|bytes)":"/.exec(text);
  const lineNumber = /"line_number":(\d+)/.exec(after.toString("utf8"))?.[1];
  const data: NonNullable<RgEvent["data"]> = {};
  if (path) data.path = { [path[1]!]: decodeStringPrefix(path[2]!) };
  if (lines) {
    const body = text.slice(lines.index + lines[0].length);
    // base64 decodes in groups of 4 characters.
    data.lines =
      lines[1] === "bytes"
        ? { bytes: body.slice(0, body.length - (body.length % 4)) }
        : { text: decodeStringPrefix(body) };
  }
  if (lineNumber) data.line_number = Number(lineNumber);
  return { type, data, headOnly: true };
}

export class RgJsonStream {
  private kept: Buffer[] = [];
  private keptBytes = 0;
  /** normal: collecting a line; text: past the cap, inside the long text; after: past it. */
  private state: "normal" | "text" | "after" = "normal";
  private escaped = false;
  private head: Buffer = Buffer.alloc(0);
  private after: number[] = [];

  constructor(private readonly onEvent: (event: RgEvent) => void) {}

  push(chunk: Buffer): void {
    let position = 0;
    while (position < chunk.length) {
      if (this.state === "normal") {
        const newline = chunk.indexOf(NEWLINE, position);
        const end = newline === -1 ? chunk.length : newline;
        const room = MAX_EVENT_BYTES - this.keptBytes;
        if (end - position > room) {
          this.keepBytes(chunk.subarray(position, position + room));
          this.startLongLine();
          position += room;
          continue;
        }
        if (newline !== -1 && this.keptBytes === 0) {
          // The whole line is in this chunk (the common case): decode it in place.
          this.emitText(chunk.toString("utf8", position, newline));
          position = newline + 1;
          continue;
        }
        this.keepBytes(chunk.subarray(position, end));
        if (newline === -1) return;
        this.emitLine();
        position = newline + 1;
        continue;
      }
      const byte = chunk[position++]!;
      if (byte === NEWLINE) {
        this.emitLongLine();
        continue;
      }
      if (this.state === "text") {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.state = "after";
      } else if (this.after.length < AFTER_TEXT_BYTES) {
        this.after.push(byte);
      }
    }
  }

  /** The output ended: a last line without a newline is still an event. */
  end(): void {
    if (this.state === "normal") {
      if (this.keptBytes > 0) this.emitLine();
    } else {
      this.emitLongLine();
    }
  }

  private keepBytes(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.kept.push(Buffer.from(bytes));
    this.keptBytes += bytes.length;
  }

  private takeKept(): Buffer {
    const all = Buffer.concat(this.kept, this.keptBytes);
    this.kept = [];
    this.keptBytes = 0;
    return all;
  }

  private startLongLine(): void {
    this.head = this.takeKept();
    // The cap falls inside the long text: an odd run of backslashes before it means
    // the next byte is escaped.
    let backslashes = 0;
    for (let i = this.head.length - 1; i >= 0 && this.head[i] === BACKSLASH; i--) backslashes++;
    this.escaped = backslashes % 2 === 1;
    this.state = "text";
    this.after = [];
  }

  private emitLine(): void {
    this.emitText(this.takeKept().toString("utf8"));
  }

  private emitText(raw: string): void {
    try {
      this.onEvent(JSON.parse(raw) as RgEvent);
    } catch {
      // rg only prints JSON lines; a broken one is skipped.
    }
  }

  private emitLongLine(): void {
    const event = parseLongLine(this.head, Buffer.from(this.after));
    this.state = "normal";
    this.head = Buffer.alloc(0);
    this.after = [];
    if (event) this.onEvent(event);
  }
}
