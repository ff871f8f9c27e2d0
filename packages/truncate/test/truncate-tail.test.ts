import { describe, expect, it } from "vitest";
import { truncateTail } from "../src/index.js";

const lines = (count: number, make = (i: number) => `line ${i + 1}`) =>
  Array.from({ length: count }, (_, i) => make(i)).join("\n");

describe("J.8 truncation — 2. truncateTail", () => {
  it("2.1 small content is returned untouched", () => {
    const content = `${lines(10)}\n`;
    const result = truncateTail(content);
    expect(result).toMatchObject({ content, truncated: false, truncatedBy: null, totalLines: 10 });
  });

  it("2.2 line limit keeps the last 2000 of 3000 lines", () => {
    const result = truncateTail(`${lines(3000)}\n`, { maxLines: 2000 });
    expect(result.truncatedBy).toBe("lines");
    expect(result.totalLines).toBe(3000);
    expect(result.outputLines).toBe(2000);
    expect(result.content.startsWith("line 1001\n")).toBe(true);
    expect(result.content.endsWith("line 3000")).toBe(true);
  });

  it("2.3 byte limit keeps whole lines from the end", () => {
    const content = lines(100, (i) => String(i % 10).repeat(1023));
    const result = truncateTail(content, { maxBytes: 50_000 });
    expect(result.truncatedBy).toBe("bytes");
    expect(result.outputLines).toBe(48);
    expect(result.outputBytes).toBe(49_151);
    expect(result.content.endsWith("9".repeat(1023))).toBe(true);
    expect(result.lastLinePartial).toBe(false);
  });

  it("2.4 a last line over the limit keeps its end, cut at a character boundary", () => {
    const content = `first\n${"汉".repeat(20_000)}`; // 60 000 bytes of 3-byte characters
    const result = truncateTail(content);
    expect(result.lastLinePartial).toBe(true);
    expect(result.outputLines).toBe(1);
    expect(result.outputBytes).toBeLessThanOrEqual(51_200);
    // 51 200 is not a multiple of 3: the cut moves forward to the next character.
    expect(result.outputBytes).toBe(51_198);
    expect(result.content).toBe("汉".repeat(17_066));
    expect(Buffer.from(result.content, "utf8").toString("utf8")).toBe(result.content);
  });

  it("2.4b surrogate pairs are never split", () => {
    const result = truncateTail("😀".repeat(10), { maxBytes: 10 });
    expect(result.content).toBe("😀😀");
    expect(result.outputBytes).toBe(8);
  });

  it("2.5 exactly 2000 lines and exactly the byte limit is not truncated", () => {
    const exactLines = `${lines(2000, () => "q")}\n`;
    expect(truncateTail(exactLines).truncated).toBe(false);
    const exactBytes = "b".repeat(50_000);
    const result = truncateTail(exactBytes, { maxBytes: 50_000 });
    expect(result.truncated).toBe(false);
    expect(result.outputBytes).toBe(50_000);
  });

  it("empty lines at the end are lines of their own", () => {
    const result = truncateTail("a\n\n\n", { maxLines: 2 });
    expect(result.totalLines).toBe(3);
    expect(result.content).toBe("\n");
    expect(result.outputLines).toBe(2);
  });
});
