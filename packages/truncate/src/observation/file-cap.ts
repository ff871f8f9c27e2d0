/**
 * The size cap on every file Gong writes to the tool-output folder: bash's full-output
 * log and the truncator's spill files (`yes` for 10 s once wrote a 4.35 GB log;
 * resource-caps.test.ts pins the cap). A file over the cap keeps its head and its tail,
 * with one line between them saying how much was dropped — the start of an output says
 * what ran, its end how it finished.
 */
import { formatSize } from "../format-size.js";
import { prefixEndWithinBytes, suffixStartWithinBytes, utf8Length } from "../measure.js";

/** The environment variable that sets the cap (`maxFileBytes` of the truncator's options). */
export const MAX_FILE_BYTES_ENV = "TOOL_OUTPUT_MAX_FILE_BYTES";

/** The most bytes of a file's tail held in memory until the file is closed. */
const MAX_TAIL_BYTES = 8 * 1024 * 1024;

/** How a capped file splits its bytes: the tail is at most 8 MB, the head gets the rest. */
export function headAndTailBytes(maxBytes: number): { head: number; tail: number } {
  const tail = Math.min(Math.floor(maxBytes / 2), MAX_TAIL_BYTES);
  return { head: maxBytes - tail, tail };
}

/** The line written where a capped file dropped the middle of its content. */
export function droppedNotice(droppedBytes: number, maxBytes: number): string {
  const { head, tail } = headAndTailBytes(maxBytes);
  return (
    `\n[... ${droppedBytes.toLocaleString("en-US")} bytes dropped here: this file keeps the first ` +
    `${formatSize(head)} and the last ${formatSize(tail)} of the output (${MAX_FILE_BYTES_ENV}) ...]\n`
  );
}

/** `text` cut to its head and tail within `maxBytes` (never splitting a character). */
export function capText(text: string, maxBytes: number): { text: string; droppedBytes: number } {
  const total = utf8Length(text);
  if (total <= maxBytes) return { text, droppedBytes: 0 };
  const { head, tail } = headAndTailBytes(maxBytes);
  const headEnd = prefixEndWithinBytes(text, 0, head);
  const tailStart = Math.max(headEnd, suffixStartWithinBytes(text, text.length, tail));
  const droppedBytes =
    total - utf8Length(text.slice(0, headEnd)) - utf8Length(text.slice(tailStart));
  return {
    text: `${text.slice(0, headEnd)}${droppedNotice(droppedBytes, maxBytes)}${text.slice(tailStart)}`,
    droppedBytes,
  };
}

/** Shortest string length the JSON cap cuts strings to before it gives up on the content. */
const MIN_STRING_CHARS = 256;

/**
 * `value` as indented JSON within `maxBytes`: over the cap, every long string is cut to
 * its head and tail (shorter and shorter until the whole fits), so the file stays valid
 * JSON with every key in place. If even that does not fit (a huge array of short
 * strings), only `fallback` is written.
 */
export function capJson(value: unknown, maxBytes: number, fallback: () => unknown): string {
  const whole = JSON.stringify(value, null, 2);
  if (utf8Length(whole) <= maxBytes) return whole;
  for (
    let chars = Math.floor(maxBytes / 4);
    chars >= MIN_STRING_CHARS;
    chars = Math.floor(chars / 2)
  ) {
    const cut = JSON.stringify(value, (_key, item) => cutString(item, chars), 2);
    if (utf8Length(cut) <= maxBytes) return cut;
  }
  return JSON.stringify(fallback(), null, 2);
}

function cutString(item: unknown, maxChars: number): unknown {
  if (typeof item !== "string" || item.length <= maxChars) return item;
  const half = Math.floor(maxChars / 2);
  const dropped = utf8Length(item.slice(half, item.length - half));
  return `${item.slice(0, half)}[... ${dropped.toLocaleString("en-US")} bytes dropped here (${MAX_FILE_BYTES_ENV}) ...]${item.slice(item.length - half)}`;
}
