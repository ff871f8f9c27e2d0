/**
 * The fuzzy matching space (test/edit.test.ts, section 2): per line trailing whitespace removed, Unicode
 * compatibility forms folded (NFKC: fullwidth `ＡＢＣ１２３，（）：；`, decomposed accents,
 * ligatures), curly quotes → ASCII, Unicode dashes → `-`, Unicode spaces → ` `. Newlines
 * are kept 1:1, so line numbers are the same in both spaces, and `toOriginalSpan` maps a
 * fuzzy match back to the original so only the matched span is ever rewritten (pi
 * normalises and rewrites the whole file).
 */

const NEEDS_WORK =
  /[\t\v\f \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\uFEFF](?:\n|$)|[\u2010-\u2015\u2018-\u201F\u2212\u00A0\u2002-\u200A\u202F\u205F\u3000]/;
// Anything but printable ASCII and common whitespace: only such text can change under NFKC.
const BEYOND_PLAIN_ASCII = /[^ -~\t\n\r\v\f]/;

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

/** Whether `text` has anything the fuzzy form would change (most code has not). */
function needsFuzzyNormalization(text: string): boolean {
  return (
    NEEDS_WORK.test(text) || (BEYOND_PLAIN_ASCII.test(text) && text.normalize("NFKC") !== text)
  );
}

/**
 * NFKC can change a line's length (`ﬁ` → `fi`, `e\u0301` → `é`), so a line that it
 * changes is folded segment by segment — one code point with the combining marks after
 * it — and every character a segment folds into comes from the whole segment (one NFKC
 * left alone still maps unit for unit). A line
 * NFKC leaves alone (all ASCII, most code) folds code unit for code unit.
 */
const SEGMENT = /\P{M}\p{M}*|\p{M}+/gu;

function isNfkcStable(line: string): boolean {
  return !BEYOND_PLAIN_ASCII.test(line) || line.normalize("NFKC") === line;
}

function foldUnits(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) out += String.fromCharCode(foldCode(text.charCodeAt(i)));
  return out;
}

interface FoldedSegment {
  /** Offsets in the original line. */
  start: number;
  end: number;
  folded: string;
  /** NFKC left it alone: it folded code unit for code unit. */
  unitForUnit: boolean;
}

/** The segments of a line NFKC changes, each with its fuzzy form. */
function foldedSegments(line: string): FoldedSegment[] {
  const segments: FoldedSegment[] = [];
  for (const match of line.matchAll(SEGMENT)) {
    const text = match[0];
    const start = match.index;
    const normal = text.normalize("NFKC");
    segments.push({
      start,
      end: start + text.length,
      folded: foldUnits(normal),
      unitForUnit: normal === text,
    });
  }
  return segments;
}

function foldLine(line: string): string {
  if (isNfkcStable(line)) return foldUnits(line);
  let out = "";
  for (const segment of foldedSegments(line)) out += segment.folded;
  return out;
}

/** Where the line's kept text ends (its trailing whitespace is dropped). */
function keptEnd(text: string, lineStart: number, lineEnd: number): number {
  let end = lineEnd;
  while (end > lineStart && isTrailingSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

/** The fuzzy form of LF text: a whole file, or an edit's oldText. */
export function toFuzzy(text: string): string {
  if (!needsFuzzyNormalization(text)) return text;
  const parts: string[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    parts.push(foldLine(text.slice(lineStart, keptEnd(text, lineStart, lineEnd))));
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return parts.join("\n");
}

/**
 * The original span `[start, end)` one fuzzy column of a line came from: the same column
 * when the line folds unit for unit, else the whole segment it was folded from.
 */
function originalColumns(line: string, column: number): { start: number; end: number } {
  if (isNfkcStable(line)) return { start: column, end: column + 1 };
  let fuzzyAt = 0;
  for (const segment of foldedSegments(line)) {
    const offset = column - fuzzyAt;
    fuzzyAt += segment.folded.length;
    if (column >= fuzzyAt) continue;
    if (!segment.unitForUnit) return { start: segment.start, end: segment.end };
    return { start: segment.start + offset, end: segment.start + offset + 1 };
  }
  throw new Error(`fuzzy column ${column} is past the end of its line`);
}

/**
 * The span of `original` that the non-empty span `[fuzzyStart, fuzzyEnd)` of its fuzzy
 * form came from, both ends found in one walk over the lines. Every newline is kept, so
 * a character keeps its line; within a line only the matched columns are mapped, so no
 * index map of the whole file is ever built.
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
    const originalNewline = original.indexOf("\n", originalLineStart);
    if (newline === fuzzyIndex) return { start: originalNewline, end: originalNewline + 1 };
    const lineEnd = originalNewline === -1 ? original.length : originalNewline;
    const line = original.slice(originalLineStart, keptEnd(original, originalLineStart, lineEnd));
    const columns = originalColumns(line, fuzzyIndex - fuzzyLineStart);
    return { start: originalLineStart + columns.start, end: originalLineStart + columns.end };
  };
  const start = toOriginal(fuzzyStart).start;
  return { start, end: toOriginal(fuzzyEnd - 1).end };
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
