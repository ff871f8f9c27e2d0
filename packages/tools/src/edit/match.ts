/**
 * Finding each edit's span (seed 002 §A steps ⑦⑧): exact first, then fuzzy; the count
 * that decides uniqueness is always taken in the fuzzy space, so `"hello   "` and
 * `"hello"` are the same occurrence twice (seed J.1 2.8).
 */
import {
  lineNumbersAt,
  needsFuzzyNormalization,
  occurrences,
  toFuzzy,
  toFuzzyFile,
  toOriginalSpan,
} from "./fuzzy.js";

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
  constructor(readonly content: string) {}

  get fuzzy(): string {
    this.fuzzyText ??= needsFuzzyNormalization(this.content)
      ? toFuzzyFile(this.content)
      : this.content;
    return this.fuzzyText;
  }
}

const MAX_LISTED_CANDIDATES = 20;

export function findSpan(
  space: MatchSpace,
  index: number,
  oldText: string,
  newText: string,
): EditSpan | MatchFailure {
  const fuzzyOld = toFuzzy(oldText);
  const fuzzyHits = fuzzyOld.length === 0 ? [] : occurrences(space.fuzzy, fuzzyOld);
  if (fuzzyHits.length > 1) {
    const lines = lineNumbersAt(space.fuzzy, fuzzyHits.slice(0, MAX_LISTED_CANDIDATES));
    return { kind: "ambiguous", index, count: fuzzyHits.length, lines };
  }
  const exact = space.content.indexOf(oldText);
  if (exact !== -1) {
    return { index, start: exact, end: exact + oldText.length, newText, strategy: "exact" };
  }
  if (fuzzyHits.length === 0) return { kind: "not_found", index };
  // Fuzzy only: map the fuzzy span back to the original characters it came from.
  const at = fuzzyHits[0]!;
  const { start, end } = toOriginalSpan(space.content, space.fuzzy, at, at + fuzzyOld.length);
  return { index, start, end, newText, strategy: "fuzzy" };
}

export function isFailure(result: EditSpan | MatchFailure): result is MatchFailure {
  return "kind" in result;
}
