import { describe, expect, it } from "vitest";
import {
  estimateMessageTokens,
  estimateTextTokens,
  estimateTokens,
  IMAGE_TOKENS,
  type Message,
} from "../src/index.js";

const within20Percent = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThan(0.2);

describe("seed 002 J.12 1.1 token estimation", () => {
  it("Chinese ≈ 2 tokens per character", () => {
    const text = "我们需要在这个函数里处理所有的错误情况并且返回友好的提示信息";
    within20Percent(estimateTextTokens(text), text.length * 2);
  });
  it("English ≈ 1.3 tokens per word", () => {
    const text = "the quick brown fox jumps over the lazy dog and keeps running far away";
    within20Percent(estimateTextTokens(text), text.split(" ").length * 1.3);
  });
  it("images ≈ 1200 tokens; string and null content tolerated", () => {
    const withImage: Message = {
      role: "user",
      content: [{ type: "image", data: "x", mimeType: "image/png" }],
      timestamp: 0,
    };
    expect(estimateMessageTokens(withImage)).toBeGreaterThanOrEqual(IMAGE_TOKENS);
    expect(
      estimateTokens([{ role: "user", content: null, timestamp: 0 } as unknown as Message]),
    ).toBeGreaterThan(0);
    expect(estimateTokens([])).toBe(0);
  });
});
