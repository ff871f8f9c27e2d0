/**
 * The fuzzy matching space of seed 002 §A: per line trailing whitespace removed, curly
 * quotes → ASCII, Unicode dashes → `-`, Unicode spaces → ` `. Newlines are kept 1:1,
 * so line numbers are the same in both spaces, and `fuzzyWithMap` maps every fuzzy
 * index back to the original so only the matched span is ever rewritten (pi
 * normalises and rewrites the whole file).
 */

const TRAILING = /[\t\v\f \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\uFEFF]+$/;
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

function foldLine(line: string): string {
  return line
    .replace(TRAILING, "")
    .replace(/[\u2018-\u201B]/g, "'")
    .replace(/[\u201C-\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}

/** The fuzzy form of LF text. Fast path: most code needs no change at all. */
export function toFuzzy(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.split("\n").map(foldLine).join("\n");
}

export interface FuzzyMapped {
  text: string;
  /** `map[i]` = index in the original of fuzzy char `i`. */
  map: Uint32Array;
}

/** The fuzzy form plus the index map back to the original (built only for a fuzzy match). */
export function fuzzyWithMap(original: string): FuzzyMapped {
  const codes: number[] = [];
  const map = new Uint32Array(original.length + 1);
  let out = 0;
  let lineStart = 0;
  while (lineStart <= original.length) {
    const newline = original.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? original.length : newline;
    const line = original.slice(lineStart, lineEnd);
    const keep = line.replace(TRAILING, "").length;
    for (let i = 0; i < keep; i++) {
      codes.push(foldCode(line.charCodeAt(i)));
      map[out++] = lineStart + i;
    }
    if (newline === -1) break;
    codes.push(10);
    map[out++] = newline;
    lineStart = newline + 1;
  }
  let text = "";
  for (let i = 0; i < codes.length; i += 8192) {
    text += String.fromCharCode(...codes.slice(i, i + 8192));
  }
  return { text, map: map.subarray(0, out) };
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

/** 1-indexed line number of `index` in `text`. */
export function lineNumberAt(text: string, index: number): number {
  let line = 1;
  let at = text.indexOf("\n");
  while (at !== -1 && at < index) {
    line++;
    at = text.indexOf("\n", at + 1);
  }
  return line;
}
