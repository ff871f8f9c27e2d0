/**
 * The fuzzy matching space of seed 002 §A: per line trailing whitespace removed, curly
 * quotes → ASCII, Unicode dashes → `-`, Unicode spaces → ` `. Newlines are kept 1:1,
 * so line numbers are the same in both spaces, and `toOriginalSpan` maps a fuzzy
 * match back to the original so only the matched span is ever rewritten (pi
 * normalises and rewrites the whole file).
 */

const NEEDS_WORK =
  /[\t\v\f \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\uFEFF](?:\n|$)|[\u2010-\u2015\u2018-\u201F\u2212\u00A0\u2002-\u200A\u202F\u205F\u3000]/;

function foldCode(code: number): number {
  if (code >= 0x2018 && code <= 0x201b) return 0x27; // ‘ ’ ‚ ‛ → '
  if (code >= 0x201c && code <= 0x201f) return 0x22; // “ ” „ ‟ → "
  if ((code >= 0x2010 && code <= 0x2015) || code === 0x2212) return 0x2d; // dashes, minus → -
  if (
    code === 0x00a0 ||
    (code >= 0x2002 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  )
    return 0x20;
  return code;
}

const TRAILING_RUNS = /[\t\v\f \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\uFEFF]+(?=\n|$)/g;

/** Whether `text` has anything the fuzzy form would change (most code has not). */
export function needsFuzzyNormalization(text: string): boolean {
  return NEEDS_WORK.test(text);
}

/** The fuzzy form of LF text (used for the short oldText; files go through toFuzzyFile). */
export function toFuzzy(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  // Whole-text passes (no per-line split): `(?=\n|$)` ends a line exactly where
  // toFuzzyFile's split on "\n" does (a multiline `$` would also stop at U+2028).
  return text
    .replace(TRAILING_RUNS, "")
    .replace(/[\u2018-\u201B]/g, "'")
    .replace(/[\u201C-\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}

/** Whitespace the fuzzy form drops at the end of a line. */
export function isTrailingSpace(code: number): boolean {
  return (
    code === 0x09 ||
    code === 0x0b ||
    code === 0x0c ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * The fuzzy form of a whole file in one pass over its code units (the regex passes of
 * `toFuzzy` are several times slower on a file with quotes on every line).
 */
export function toFuzzyFile(original: string): string {
  const codes = new Uint16Array(original.length);
  let out = 0;
  let lineStart = 0;
  while (lineStart <= original.length) {
    const newline = original.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? original.length : newline;
    let keepEnd = lineEnd;
    while (keepEnd > lineStart && isTrailingSpace(original.charCodeAt(keepEnd - 1))) keepEnd--;
    for (let i = lineStart; i < keepEnd; i++) codes[out++] = foldCode(original.charCodeAt(i));
    if (newline === -1) break;
    codes[out++] = 10;
    lineStart = newline + 1;
  }
  return Buffer.from(codes.buffer, codes.byteOffset, out * 2).toString("utf16le");
}

/**
 * The span of `original` that the non-empty span `[fuzzyStart, fuzzyEnd)` of its fuzzy
 * form came from, both ends found in one walk over the lines. Folding swaps one code
 * unit for one and keeps every newline, so a character keeps its line and column; only
 * a newline moves (the trailing whitespace before it was dropped). Only the matched
 * span is mapped, so no index map of the whole file is ever built.
 */
export function toOriginalSpan(
  original: string,
  fuzzy: string,
  fuzzyStart: number,
  fuzzyEnd: number,
): { start: number; end: number } {
  if (fuzzy === original) return { start: fuzzyStart, end: fuzzyEnd };
  let fuzzyLineStart = 0;
  let originalLineStart = 0;
  let newline = fuzzy.indexOf("\n");
  // Indexes must come in ascending order: the walk only moves forward.
  const toOriginal = (fuzzyIndex: number) => {
    while (newline !== -1 && newline < fuzzyIndex) {
      fuzzyLineStart = newline + 1;
      originalLineStart = original.indexOf("\n", originalLineStart) + 1;
      newline = fuzzy.indexOf("\n", newline + 1);
    }
    if (newline === fuzzyIndex) return original.indexOf("\n", originalLineStart);
    return originalLineStart + (fuzzyIndex - fuzzyLineStart);
  };
  const start = toOriginal(fuzzyStart);
  return { start, end: toOriginal(fuzzyEnd - 1) + 1 };
}

/** Start indexes of the non-overlapping occurrences of `needle` in `haystack`. */
export function occurrences(
  haystack: string,
  needle: string,
  max = Number.POSITIVE_INFINITY,
): number[] {
  const found: number[] = [];
  if (needle.length === 0) return found;
  let at = haystack.indexOf(needle);
  while (at !== -1 && found.length < max) {
    found.push(at);
    at = haystack.indexOf(needle, at + needle.length);
  }
  return found;
}

/** 1-indexed line numbers of the ascending `indexes` in `text`, in one scan. */
export function lineNumbersAt(text: string, indexes: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let newline = text.indexOf("\n");
  for (const index of indexes) {
    while (newline !== -1 && newline < index) {
      line++;
      newline = text.indexOf("\n", newline + 1);
    }
    lines.push(line);
  }
  return lines;
}
