import { isRecord } from "@gong/base";
import { parse as parseIncomplete } from "partial-json";

const QUOTE = 34; // "
const BACKSLASH = 92; // \
const OPEN_BRACE = 123; // {
const CLOSE_BRACE = 125; // }
const OPEN_BRACKET = 91; // [
const CLOSE_BRACKET = 93; // ]

/**
 * Tracks, chunk by chunk, whether a JSON text is inside a string and which objects and
 * arrays are still open — enough to close it (`"`, `]`, `}`) and hand it to the native
 * `JSON.parse`, which is many times faster than the `partial-json` parser. Feeding is
 * O(chunk), so a streaming tool call is scanned once in total.
 */
export class JsonTail {
  private inString = false;
  private escaped = false;
  /** Closers of the open containers, innermost first: what closes the text. */
  private closers = "";

  feed(chunk: string): void {
    let inString = this.inString;
    let escaped = this.escaped;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE) this.closers = `}${this.closers}`;
      else if (code === OPEN_BRACKET) this.closers = `]${this.closers}`;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) this.closers = this.closers.slice(1);
    }
    this.inString = inString;
    this.escaped = escaped;
  }

  /**
   * `text` (everything fed so far, already trimmed at the end) closed and parsed with
   * `JSON.parse`, or `undefined` when that is not valid JSON (a dangling key, comma,
   * escape or half a number or literal) and the full partial parser must decide.
   */
  parse(text: string): unknown {
    if (this.escaped) return undefined;
    try {
      return JSON.parse(this.inString ? `${text}"${this.closers}` : text + this.closers);
    } catch {
      return undefined;
    }
  }
}

/**
 * Parses tool-call arguments that are still streaming (test/partial-json.test.ts): a complete
 * document goes through `JSON.parse`; an incomplete one has its open strings, arrays
 * and objects closed and a trailing comma dropped. Anything that is not an object —
 * empty input, garbage, a bare array — gives `{}` so callers can always read fields.
 */
export function parsePartialJson(text: string): Record<string, unknown> {
  const trimmed = text?.trim();
  if (!trimmed) return {};
  const tail = new JsonTail();
  tail.feed(trimmed);
  return parseWithTail(trimmed, tail);
}

/**
 * Parses `text` whose scan state is `tail` (fed with exactly `text`, which must not end
 * in whitespace). The fast path — closing it and using `JSON.parse` — gives what the
 * partial parser gives whenever it succeeds; anything else goes to the partial parser.
 */
export function parseWithTail(text: string, tail: JsonTail): Record<string, unknown> {
  const fast = tail.parse(text);
  if (fast !== undefined) return asObject(fast);
  try {
    return asObject(parseIncomplete(text));
  } catch {
    return {};
  }
}

/**
 * Whether a tool call's final argument text is a whole JSON document. Empty text counts
 * as complete: providers send nothing for a call without arguments.
 */
export function isCompleteJson(text: string): boolean {
  if (!text.trim()) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function asObject(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}
