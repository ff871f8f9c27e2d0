import { describe, expect, it } from "vitest";
import { type TextDelta, textDelta } from "../src/wire/text-delta.js";

/** The rule docs/rpc.md gives clients. */
const apply = (held: string, delta: TextDelta) =>
  held.split("\n").slice(delta.dropLines).join("\n") + delta.text;

describe("textDelta — a live tail sent as what changed", () => {
  const cases: [string, string, string][] = [
    ["first update", "", "a\nb\n"],
    ["output appended", "a\nb\n", "a\nb\nc\n"],
    ["a partial line continued", "a\nb", "a\nbc\nd"],
    ["the window slid", "a\nb\nc\n", "b\nc\nd\n"],
    ["slid past a partial last line", "a\nb\nc", "b\ncd\n"],
    ["nothing in common", "a\nb\n", "x\ny\n"],
    ["nothing in common, no newline", "abc", "xyz"],
    ["repeated lines", "y\ny\ny\n", "y\ny\ny\n"],
    ["emptied", "a\nb", ""],
  ];
  for (const [name, before, after] of cases) {
    it(`${name}: the client rebuilds the new text exactly`, () => {
      expect(apply(before, textDelta(before, after))).toBe(after);
    });
  }

  it("sends only the new part when the window slides", () => {
    const line = (i: number) => `line ${i} ${"x".repeat(100)}\n`;
    const before = Array.from({ length: 400 }, (_, i) => line(i)).join("");
    const after = Array.from({ length: 400 }, (_, i) => line(i + 10)).join("");
    const delta = textDelta(before, after);
    expect(delta.dropLines).toBe(10);
    expect(delta.text).toBe(Array.from({ length: 10 }, (_, i) => line(i + 400)).join(""));
  });

  it("near-identical long lines stay fast (the search is bounded) and still correct", () => {
    const before = `${"a".repeat(5000)}\n`.repeat(400);
    const after = `${"a".repeat(4999)}b\n`.repeat(400);
    const started = performance.now();
    const delta = textDelta(before, after);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(apply(before, delta)).toBe(after);
  });
});
