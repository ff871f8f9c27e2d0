/**
 * Counting helpers that work on JS strings without splitting them into arrays or
 * encoding them to Buffers, so truncation stays linear and allocation-free.
 */

/** UTF-8 byte length of the whole string (native, no allocation). */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** UTF-8 byte length of `text.slice(start, end)` without materialising the slice's bytes. */
export function utf8LengthOf(text: string, start: number, end: number): number {
  if (end <= start) return 0;
  return Buffer.byteLength(text.slice(start, end), "utf8");
}

/**
 * Number of lines with `wc -l` semantics plus a final unterminated line:
 * `""` → 0, `"a"` → 1, `"a\n"` → 1, `"a\nb"` → 2 (test/truncate-head.test.ts).
 */
export function countLines(text: string): number {
  let count = 0;
  let at = text.indexOf("\n");
  while (at !== -1) {
    count++;
    at = text.indexOf("\n", at + 1);
  }
  return lineCountFrom(count, text.length === 0 ? -1 : text.charCodeAt(text.length - 1));
}

/**
 * The same rule for text counted as it streams (read's line window, bash's output): the
 * number of `\n` seen and the last byte or char code seen (-1 when nothing was).
 */
export function lineCountFrom(newlines: number, last: number): number {
  return last === -1 || last === 0x0a ? newlines : newlines + 1;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** UTF-8 bytes of a BMP code unit; a lone surrogate is written as U+FFFD (3 bytes). */
function bmpBytes(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return 3;
}

/**
 * Start index of the longest suffix of `text.slice(0, end)` that fits in `maxBytes`
 * UTF-8 bytes, never splitting a character: the cut moves forward to the next
 * character start, so the result may be a few bytes short of `maxBytes` (test/truncate-head.test.ts).
 * Cost is proportional to the kept suffix, not to the text.
 */
export function suffixStartWithinBytes(text: string, end: number, maxBytes: number): number {
  let bytes = 0;
  let start = end;
  while (start > 0) {
    const code = text.charCodeAt(start - 1);
    const pair = isLow(code) && start >= 2 && isHigh(text.charCodeAt(start - 2));
    const charBytes = pair ? 4 : bmpBytes(code);
    if (bytes + charBytes > maxBytes) break;
    bytes += charBytes;
    start -= pair ? 2 : 1;
  }
  return start;
}

/** End index of the longest prefix of `text.slice(start)` that fits in `maxBytes`. */
export function prefixEndWithinBytes(text: string, start: number, maxBytes: number): number {
  let bytes = 0;
  let end = start;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const pair = isHigh(code) && end + 1 < text.length && isLow(text.charCodeAt(end + 1));
    const charBytes = pair ? 4 : bmpBytes(code);
    if (bytes + charBytes > maxBytes) break;
    bytes += charBytes;
    end += pair ? 2 : 1;
  }
  return end;
}
