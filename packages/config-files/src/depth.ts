import { createScanner } from "jsonc-parser";

/**
 * How deep a configuration file may nest. Gong's own files need six levels at most; the
 * parser and the validator recurse once per level, so a file nested thousands deep
 * would overflow the stack ("Maximum call stack size exceeded") and stop gong.
 */
export const MAX_CONFIG_DEPTH = 64;

/**
 * What a top-level key's value is replaced with when it nests deeper than
 * `MAX_CONFIG_DEPTH`: `validateConfig` drops that key with one warning at its position.
 */
export const NESTED_TOO_DEEP: unique symbol = Symbol("nested too deep");

export type FlattenResult =
  | { ok: true; text: string; tooDeep: ReadonlySet<number> }
  | { ok: false; offset: number };

// jsonc-parser's SyntaxKind values (a const enum, which isolated modules cannot import).
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const COLON = 6;
const EOF = 17;

/**
 * The text with every top-level value that nests deeper than `MAX_CONFIG_DEPTH` replaced
 * by `null` padded to the same length (line breaks kept, so every line and column of the
 * rest stays right), and the offsets of those values. Scanned without recursion. When
 * the file as a whole nests too deep (not inside one key of an object), it cannot be
 * read: the offset where it went past the limit comes back.
 */
export function flattenTooDeep(text: string): FlattenResult {
  const scanner = createScanner(text, true);
  let depth = 0;
  let expectTopValue = false;
  let valueStart: number | undefined;
  let firstTooDeep: number | undefined;
  const ranges: [number, number][] = [];
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    if (token === COLON) {
      expectTopValue = depth === 1;
      continue;
    }
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      if (expectTopValue) valueStart = offset;
      expectTopValue = false;
      depth++;
      if (depth > MAX_CONFIG_DEPTH) {
        if (valueStart === undefined) return { ok: false, offset };
        firstTooDeep ??= offset;
      }
      continue;
    }
    expectTopValue = false;
    if (token !== CLOSE_BRACE && token !== CLOSE_BRACKET) continue;
    depth--;
    if (depth !== 1 || valueStart === undefined) continue;
    if (firstTooDeep !== undefined) ranges.push([valueStart, offset + 1]);
    valueStart = undefined;
    firstTooDeep = undefined;
  }
  // A too-deep value that never closes: the parser would still recurse into it.
  if (firstTooDeep !== undefined) return { ok: false, offset: firstTooDeep };
  if (ranges.length === 0) return { ok: true, text, tooDeep: new Set() };
  let flat = "";
  let at = 0;
  for (const [start, end] of ranges) {
    const blank = text.slice(start + 4, end).replace(/[^\r\n]/g, " ");
    flat += `${text.slice(at, start)}null${blank}`;
    at = end;
  }
  flat += text.slice(at);
  return { ok: true, text: flat, tooDeep: new Set(ranges.map(([start]) => start)) };
}
