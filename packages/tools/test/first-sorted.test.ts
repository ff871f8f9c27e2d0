import { describe, expect, it } from "vitest";
import { firstSorted } from "../src/core/first-sorted.js";

const byNumber = (a: number, b: number) => a - b;

/** Deterministic pseudo-random numbers (no Math.random: the test must replay). */
function numbers(count: number, seed: number): number[] {
  const out: number[] = [];
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out.push(state % 1000);
  }
  return out;
}

describe("firstSorted", () => {
  it("equals sort().slice(0, count) for shuffled, sorted and reversed input", () => {
    const shuffled = numbers(2000, 7);
    const sorted = [...shuffled].sort(byNumber);
    for (const input of [shuffled, sorted, [...sorted].reverse()]) {
      for (const count of [1, 2, 17, 500, 1999, 2000, 5000]) {
        expect(firstSorted(input, count, byNumber)).toEqual(sorted.slice(0, count));
      }
    }
  });

  it("keeps the input untouched and handles an empty list", () => {
    const input = [3, 1, 2];
    expect(firstSorted(input, 2, byNumber)).toEqual([1, 2]);
    expect(firstSorted(input, 10, byNumber)).toEqual([1, 2, 3]);
    expect(input).toEqual([3, 1, 2]);
    expect(firstSorted([], 5, byNumber)).toEqual([]);
  });
});
