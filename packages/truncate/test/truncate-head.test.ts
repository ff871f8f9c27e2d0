import { describe, expect, it } from "vitest";
import { truncateHead } from "../src/index.js";

const lines = (count: number, make = (i: number) => `line ${i + 1}`) =>
  Array.from({ length: count }, (_, i) => make(i)).join("\n");

describe("J.8 truncation — 1. truncateHead", () => {
  it("1.1 small content is returned untouched", () => {
    const content = lines(10, () => "x".repeat(9));
    const result = truncateHead(content);
    expect(result).toMatchObject({
      content,
      truncated: false,
      truncatedBy: null,
      totalLines: 10,
      outputLines: 10,
      totalBytes: 99,
      outputBytes: 99,
      firstLineExceedsLimit: false,
      lastLinePartial: false,
      maxLines: 2000,
      maxBytes: 51200,
    });
  });

  it("1.2 line limit keeps the first 2000 of 2500 lines", () => {
    const result = truncateHead(lines(2500), { maxLines: 2000 });
    expect(result.truncated).toBe(true);
    expect(result.truncatedBy).toBe("lines");
    expect(result.totalLines).toBe(2500);
    expect(result.outputLines).toBe(2000);
    expect(result.content).toBe(lines(2000));
    expect(result.content.endsWith("line 2000")).toBe(true);
  });

  it("1.3 byte limit cuts 100 × 1KB lines at whole lines", () => {
    const content = lines(100, () => "k".repeat(1023));
    const result = truncateHead(content, { maxBytes: 50_000 });
    expect(result.truncatedBy).toBe("bytes");
    // 48 lines take 48 × 1023 + 47 separators = 49 151 bytes; a 49th would pass 50 000.
    expect(result.outputLines).toBe(48);
    expect(result.outputBytes).toBe(49_151);
    expect(result.outputBytes).toBeLessThanOrEqual(50_000);
    expect(result.content.split("\n").every((line) => line.length === 1023)).toBe(true);
  });

  it("1.4 a first line over the byte limit keeps nothing and says so", () => {
    const result = truncateHead(`${"z".repeat(60_000)}\nsecond`);
    expect(result).toMatchObject({
      content: "",
      truncated: true,
      truncatedBy: "bytes",
      firstLineExceedsLimit: true,
      outputLines: 0,
      outputBytes: 0,
      totalLines: 2,
    });
  });

  it("1.5 empty string is not truncated", () => {
    expect(truncateHead("")).toMatchObject({
      content: "",
      truncated: false,
      totalLines: 0,
      totalBytes: 0,
    });
  });

  it("exactly at both limits is not truncated (off-by-one)", () => {
    const content = lines(2000, () => "abcdefghijklmnopqrstuvwx").padEnd(51_200, "!");
    expect(Buffer.byteLength(content)).toBe(51_200);
    const result = truncateHead(content);
    expect(result.truncated).toBe(false);
    expect(result.totalLines).toBe(2000);
  });

  it("one byte over the limit is truncated", () => {
    const result = truncateHead("a".repeat(101), { maxBytes: 100 });
    expect(result.truncated).toBe(true);
    expect(result.firstLineExceedsLimit).toBe(true);
  });

  it("a final newline does not count as a line (wc -l semantics)", () => {
    expect(truncateHead("a\nb\n").totalLines).toBe(2);
    expect(truncateHead("a\nb").totalLines).toBe(2);
    expect(truncateHead("\n\n").totalLines).toBe(2);
  });

  it("counts multi-byte characters as their UTF-8 bytes", () => {
    const content = ["汉字", "汉字", "汉字"].join("\n");
    const result = truncateHead(content, { maxBytes: 13 });
    expect(result.totalBytes).toBe(20);
    expect(result.content).toBe("汉字\n汉字");
    expect(result.outputBytes).toBe(13);
  });

  it("Infinity disables the line limit", () => {
    const result = truncateHead(
      lines(5000, () => "y"),
      { maxLines: Number.POSITIVE_INFINITY },
    );
    expect(result.truncated).toBe(false);
  });
});
