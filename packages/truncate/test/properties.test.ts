import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncateHead, truncateTail } from "../src/index.js";

// Text drawn from ASCII, 2-, 3- and 4-byte characters and newlines, so cuts land
// everywhere: inside characters, on separators, at the ends.
const mixedText = fc
  .array(
    fc.oneof(
      fc.constantFrom("\n", "a", "Z", " ", "é", "ß", "汉", "字", "😀", "🎉"),
      fc.string({ unit: "grapheme", maxLength: 4 }),
    ),
    { maxLength: 400 },
  )
  .map((parts) => parts.join(""));

const limits = fc.record({
  maxLines: fc.integer({ min: 1, max: 40 }),
  maxBytes: fc.integer({ min: 1, max: 400 }),
});

const isWellFormed = (text: string) => Buffer.from(text, "utf8").toString("utf8") === text;

describe("truncation properties over random UTF-8", () => {
  for (const [name, truncate] of [
    ["truncateHead", truncateHead],
    ["truncateTail", truncateTail],
  ] as const) {
    it(`${name}: never breaks a character, respects both limits, reports exact sizes`, () => {
      fc.assert(
        fc.property(mixedText, limits, (text, lim) => {
          const result = truncate(text, lim);
          expect(isWellFormed(result.content)).toBe(true);
          expect(result.outputBytes).toBe(Buffer.byteLength(result.content));
          expect(result.totalBytes).toBe(Buffer.byteLength(text));
          if (result.truncated) {
            expect(result.outputBytes).toBeLessThanOrEqual(lim.maxBytes);
            expect(result.outputLines).toBeLessThanOrEqual(lim.maxLines);
          } else {
            expect(result.content).toBe(text);
          }
        }),
        { numRuns: 2000 },
      );
    });
  }

  it("truncateHead keeps a prefix and truncateTail a suffix of the text", () => {
    fc.assert(
      fc.property(mixedText, limits, (text, lim) => {
        const head = truncateHead(text, lim);
        const tail = truncateTail(text, lim);
        expect(text.startsWith(head.content)).toBe(true);
        // A cut tail drops the final newline, which terminates the last line.
        const source = tail.truncated ? text.replace(/\n$/, "") : text;
        expect(source.endsWith(tail.content)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
