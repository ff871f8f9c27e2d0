import { describe, expect, it } from "vitest";
import {
  headTruncationNotice,
  moreLinesNotice,
  tailTruncationNotice,
  truncateHead,
  truncateTail,
} from "../src/index.js";

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `row ${i + 1}`).join("\n");

describe("J.8 truncation — 4. notices tell the model what to do next", () => {
  it("4.1 a read cut at 2000 of 2500 lines names the next offset (Pi bug #134)", () => {
    const result = truncateHead(numbered(2500));
    const notice = headTruncationNotice(result, { startLine: 1, path: "big.txt" });
    expect(notice).toBe("[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]");
  });

  it("4.1 a byte cut names the limit and continues from a later window", () => {
    const window = numbered(3000).split("\n").slice(99).join("\n");
    const result = truncateHead(window, { maxBytes: 1000 });
    const notice = headTruncationNotice(result, {
      startLine: 100,
      path: "big.txt",
      totalFileLines: 3000,
    });
    const end = 100 + result.outputLines - 1;
    expect(notice).toBe(
      `[Showing lines 100-${end} of 3000 (1000B limit). Use offset=${end + 1} to continue.]`,
    );
  });

  it("4.1 a first line over the limit points at sed with the exact byte cap", () => {
    const result = truncateHead("x".repeat(80_000));
    const notice = headTruncationNotice(result, {
      startLine: 7,
      path: "min.js",
      firstLineBytes: 80_000,
    });
    expect(notice).toBe(
      "[Line 7 is 78.1KB, exceeds 50.0KB limit. Use bash: sed -n '7p' min.js | head -c 51200]",
    );
  });

  it("4.1 the user's own limit says how many lines remain", () => {
    expect(moreLinesNotice(90, 11)).toBe("[90 more lines in file. Use offset=11 to continue.]");
  });

  it("4.2 a bash cut states the real threshold and the original size", () => {
    const output = Array.from({ length: 2500 }, () => "o".repeat(31)).join("\n"); // ~78KB
    const result = truncateTail(output);
    const notice = tailTruncationNotice(result, ".tool-output/bash_1.log");
    expect(result.truncatedBy).toBe("bytes");
    const start = 2500 - result.outputLines + 1;
    expect(notice).toBe(
      `[Showing lines ${start}-2500 of 2500 (50.0KB limit; full output 78.1KB). Full output: .tool-output/bash_1.log]`,
    );
  });

  it("4.2 a line-limit cut names the line limit", () => {
    const result = truncateTail(numbered(2500));
    expect(tailTruncationNotice(result)).toMatch(
      /^\[Showing lines 501-2500 of 2500 \(2000-line limit; full output [\d.]+KB\)\.\]$/,
    );
  });

  it("nothing truncated → no notice", () => {
    expect(headTruncationNotice(truncateHead("a"), { startLine: 1, path: "a" })).toBe("");
    expect(tailTruncationNotice(truncateTail("a"))).toBe("");
  });
});
