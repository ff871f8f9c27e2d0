import { describe, expect, it } from "vitest";
import { toFuzzy, toFuzzyFile, toOriginalSpan } from "../src/edit/fuzzy.js";

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

/** The obvious reference: walk line by line, keep an index for every kept character. */
function referenceMap(original: string): number[] {
  const map: number[] = [];
  let lineStart = 0;
  for (const line of original.split("\n")) {
    const kept = line.replace(/[\t\v\f \u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\uFEFF]+$/, "");
    for (let i = 0; i < kept.length; i++) map.push(lineStart + i);
    map.push(lineStart + line.length); // the newline (or the end, dropped below)
    lineStart += line.length + 1;
  }
  map.pop();
  return map;
}

describe("fuzzy space of a whole file", () => {
  it("toFuzzyFile equals toFuzzy, and toOriginalSpan equals the per-character map, on 2 000 random texts", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const original = randomText(seed);
      const fuzzy = toFuzzyFile(original);
      expect(fuzzy, `seed ${seed}`).toBe(toFuzzy(original));
      const map = referenceMap(original);
      expect(map.length, `seed ${seed}`).toBe(fuzzy.length);
      for (let i = 0; i < fuzzy.length; i++) {
        // Every index as a start and as the last character of a span, on its own and
        // with the other end of the span far away (the walk carries over between them).
        const single = { start: map[i], end: map[i]! + 1 };
        expect(toOriginalSpan(original, fuzzy, i, i + 1), `seed ${seed}, [${i}, ${i + 1})`).toEqual(
          single,
        );
        const toEnd = { start: map[i], end: map[fuzzy.length - 1]! + 1 };
        expect(
          toOriginalSpan(original, fuzzy, i, fuzzy.length),
          `seed ${seed}, [${i}, end)`,
        ).toEqual(toEnd);
        const fromStart = { start: map[0], end: map[i]! + 1 };
        expect(toOriginalSpan(original, fuzzy, 0, i + 1), `seed ${seed}, [0, ${i + 1})`).toEqual(
          fromStart,
        );
      }
    }
  });
});
