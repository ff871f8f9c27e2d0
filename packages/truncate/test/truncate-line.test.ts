import { describe, expect, it } from "vitest";
import { formatSize, truncateLine } from "../src/index.js";

describe("J.8 truncation — 3. truncateLine", () => {
  it("3.1 a short line is returned as it is", () => {
    const line = "s".repeat(100);
    expect(truncateLine(line, 500)).toEqual({
      content: line,
      truncated: false,
      truncatedBy: null,
      totalChars: 100,
      maxChars: 500,
    });
  });

  it("3.2 a long line is cut to 500 characters and marked", () => {
    const result = truncateLine("L".repeat(800), 500);
    expect(result.content).toBe(`${"L".repeat(500)}... [truncated]`);
    expect(result).toMatchObject({ truncated: true, truncatedBy: "chars", totalChars: 800 });
  });

  it("never cuts between the halves of a surrogate pair", () => {
    const result = truncateLine(`${"a".repeat(499)}😀tail`, 500);
    expect(result.content).toBe(`${"a".repeat(499)}... [truncated]`);
  });
});

describe("formatSize", () => {
  it.each([
    [0, "0B"],
    [1023, "1023B"],
    [1024, "1.0KB"],
    [51_200, "50.0KB"],
    [1_572_864, "1.5MB"],
  ])("%d bytes → %s", (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
