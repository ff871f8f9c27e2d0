/**
 * Finding each edit's span (test/edit.test.ts, section 2): the exact text first, byte for byte
 * (trailing spaces included) — found once it is the span, found several times it is
 * ambiguous. Only when it is not found at all does the fuzzy pass run, and then the
 * count that decides uniqueness is taken in the fuzzy space (test/edit.test.ts 2.8).
 *
 * One more rule keeps a unique exact match honest: the whitespace that ends a complete
 * line of oldText (one followed by a newline) is not a difference a model can be trusted
 * to reproduce, so a match found once exactly is still ambiguous when, with that
 * whitespace ignored on both sides, oldText is found elsewhere too (`"hello\n"` in
 * `"hello   \nhello\n"`: 2 occurrences). oldText's last line, with no newline after it,
 * keeps its trailing whitespace: `"x = 1 "` in `"x = 1 + y\nx = 10\n"` is unique.
 */
import { isTrailingSpace, lineNumbersAt, occurrences, toFuzzy, toOriginalSpan } from "./fuzzy.js";

type MatchStrategy = "exact" | "fuzzy";

export interface EditSpan {
  /** Index of the edit in the request. */
  index: number;
  /** LF-space span of the original content to replace. */
  start: number;
  end: number;
  newText: string;
  strategy: MatchStrategy;
}

export type MatchFailure =
  | { kind: "not_found"; index: number }
  | { kind: "ambiguous"; index: number; count: number; lines: number[] };

/** Lazily built views of one file's LF content, shared by all edits of one call. */
export class MatchSpace {
  private fuzzyText?: string;
  private linesText?: string;
  constructor(readonly content: string) {}

  get fuzzy(): string {
    this.fuzzyText ??= toFuzzy(this.content);
    return this.fuzzyText;
  }

  /** The content without the whitespace that ends each complete line. */
  get lines(): string {
    this.linesText ??= withoutLineEndSpace(this.content);
    return this.linesText;
  }
}

const LINE_END_SPACE = /[\t\v\f \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\uFEFF]+(?=\n)/g;

/** `text` without the whitespace before each newline (the same set `isTrailingSpace` drops). */
function withoutLineEndSpace(text: string): string {
  return text.replace(LINE_END_SPACE, "");
}

const MAX_LISTED_CANDIDATES = 20;

export function findSpan(
  space: MatchSpace,
  index: number,
  oldText: string,
  newText: string,
): EditSpan | MatchFailure {
  const exactHits = occurrences(space.content, oldText);
  if (exactHits.length > 1) return ambiguous(space.content, index, exactHits);
  if (exactHits.length === 1) {
    if (oldText.includes("\n")) {
      const lineHits = occurrences(space.lines, withoutLineEndSpace(oldText));
      if (lineHits.length > 1) return ambiguous(space.lines, index, lineHits);
    }
    const start = exactHits[0]!;
    return { index, start, end: start + oldText.length, newText, strategy: "exact" };
  }
  const fuzzyOld = toFuzzy(oldText);
  if (fuzzyOld.length === 0) return { kind: "not_found", index };
  // The fuzzy form drops the whitespace that ends oldText; a real match is followed by
  // whitespace or a line end in the file, and that whitespace belongs to the span, so
  // newText replaces it instead of landing in front of it ("FOO  baz").
  const droppedTail = trailingSpaceLength(oldText);
  const fuzzyHits = occurrences(space.fuzzy, fuzzyOld).filter(
    (at) => droppedTail === 0 || endsAtSpace(space.fuzzy, at + fuzzyOld.length),
  );
  if (fuzzyHits.length > 1) return ambiguous(space.fuzzy, index, fuzzyHits);
  if (fuzzyHits.length === 0) return { kind: "not_found", index };
  // Map the fuzzy span back to the original characters it came from.
  const at = fuzzyHits[0]!;
  const span = toOriginalSpan(space.content, space.fuzzy, at, at + fuzzyOld.length);
  let end = span.end;
  const tailLimit = end + droppedTail;
  while (end < tailLimit && isTrailingSpace(space.content.charCodeAt(end))) end++;
  return { index, start: span.start, end, newText, strategy: "fuzzy" };
}

function ambiguous(text: string, index: number, hits: number[]): MatchFailure {
  const lines = lineNumbersAt(text, hits.slice(0, MAX_LISTED_CANDIDATES));
  return { kind: "ambiguous", index, count: hits.length, lines };
}

/** Whether `text` has whitespace, a newline or its end at `index`. */
function endsAtSpace(text: string, index: number): boolean {
  return index === text.length || text[index] === "\n" || isTrailingSpace(text.charCodeAt(index));
}

/** Length of the whitespace that ends `text` on its last line (the fuzzy form drops it). */
function trailingSpaceLength(text: string): number {
  let start = text.length;
  while (start > 0 && isTrailingSpace(text.charCodeAt(start - 1))) start--;
  return text.length - start;
}

export function isFailure(result: EditSpan | MatchFailure): result is MatchFailure {
  return "kind" in result;
}
