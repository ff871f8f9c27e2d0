import { describe, expect, it } from "vitest";
import { toFuzzy, toOriginalSpan } from "../src/edit/fuzzy.js";

// Characters the fuzzy form folds or drops, mixed with plain ones and newlines.
const ALPHABET = [
  "a",
  "b",
  "x",
  "=",
  ";",
  " ",
  "  ",
  "\t",
  "\n",
  "\n",
  "\u00A0",
  "\u3000",
  "\uFEFF",
  "\u2018",
  "\u2019",
  "\u201C",
  "\u201D",
  "\u2013",
  "\u2014",
  "\u2212",
  "\u2009",
  "😀",
  "你",
  // NFKC: same length (fullwidth), shorter (a + combining acute composes), longer
  // (ligature, ellipsis, ㎏), a lone combining mark, fullwidth CJK punctuation.
  "\uFF21",
  "\uFF11",
  "\u0301",
  "\u0308",
  "\uFB01",
  "\u2026",
  "\u338F",
  "\u00E9",
  "\uFF0C",
  "\uFF08",
  "\uFF1A",
];

/** Deterministic pseudo-random texts (mulberry32), so a failure is reproducible by seed. */
function randomText(seed: number): string {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const length = Math.floor(next() * 60);
  let text = "";
  for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return text;
}

/**
 * The obvious reference: walk line by line; every character of the fuzzy form records
 * the original span it came from — its own code unit when NFKC leaves the segment (a
 * code point and its combining marks) alone, else the whole segment.
 */
function reference(original: string): { fuzzy: string; map: { start: number; end: number }[] } {
  const map: { start: number; end: number }[] = [];
  let fuzzy = "";
  let lineStart = 0;
  const lines = original.split("\n");
  lines.forEach((line, index) => {
    const kept = line.replace(/[\t\v\f \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\uFEFF]+$/, "");
    for (const segment of kept.matchAll(/\P{M}\p{M}*|\p{M}+/gu)) {
      const text = segment[0];
      const start = lineStart + segment.index;
      const folded = text
        .normalize("NFKC")
        .replace(/[\u2018-\u201B]/g, "'")
        .replace(/[\u201C-\u201F]/g, '"')
        .replace(/[\u2010-\u2015\u2212]/g, "-")
        .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
      const unchanged = text.normalize("NFKC") === text;
      for (let i = 0; i < folded.length; i++) {
        map.push(
          unchanged
            ? { start: start + i, end: start + i + 1 }
            : { start, end: start + text.length },
        );
      }
      fuzzy += folded;
    }
    if (index < lines.length - 1) {
      map.push({ start: lineStart + line.length, end: lineStart + line.length + 1 });
      fuzzy += "\n";
    }
    lineStart += line.length + 1;
  });
  return { fuzzy, map };
}

describe("fuzzy space of a whole file", () => {
  it("toFuzzy equals the reference, and toOriginalSpan equals the per-character map, on 2 000 random texts", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const original = randomText(seed);
      const fuzzy = toFuzzy(original);
      const { fuzzy: expected, map } = reference(original);
      expect(fuzzy, `seed ${seed}`).toBe(expected);
      // Every index as a start and as the last character of a span, on its own and with
      // the other end of the span far away (the walk carries over between them). The
      // first disagreement is reported; one expect per text keeps 2 000 texts fast.
      const last = map[fuzzy.length - 1]!;
      let mismatch: unknown;
      for (let i = 0; i < fuzzy.length && mismatch === undefined; i++) {
        const spans = [
          [[i, i + 1], map[i]],
          [[i, fuzzy.length], { start: map[i]!.start, end: last.end }],
          [[0, i + 1], { start: map[0]!.start, end: map[i]!.end }],
        ] as const;
        for (const [[from, to], want] of spans) {
          const got = toOriginalSpan(original, fuzzy, from, to);
          if (got.start !== want!.start || got.end !== want!.end) {
            mismatch = { seed, span: [from, to], got, want };
            break;
          }
        }
      }
      expect(mismatch).toBeUndefined();
    }
  }, 90_000); // 2 000 texts against a slow reference: seconds alone, more beside other suites
});
