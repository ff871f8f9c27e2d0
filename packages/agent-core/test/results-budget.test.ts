import { describe, expect, it } from "vitest";
import { batchBudget, resultsBudgetTokens, shareBudget } from "../src/results-budget.js";

describe("results budget — all results of one message share a quarter of the window (issue 34.5)", () => {
  it("a quarter of the window, never below what one full result takes", () => {
    expect(resultsBudgetTokens(200_000)).toBe(50_000);
    expect(resultsBudgetTokens(8_000)).toBe(12_800);
  });

  it("within the budget every result keeps all; over it, small ones keep all and big ones share the rest equally", () => {
    expect(shareBudget([100, 200], 1000)).toEqual([100, 200]);
    expect(shareBudget([300, 5000, 5000], 2300)).toEqual([300, 1000, 1000]);
    const fifty = shareBudget(new Array(50).fill(13_000), 40_000);
    expect(fifty.every((share) => share === 800)).toBe(true);
    // Never below the least share, however many.
    expect(shareBudget(new Array(1000).fill(13_000), 40_000)[0]).toBe(256);
  });

  it("a later batch gets what the earlier ones left, less the least share of each call to come", () => {
    expect(batchBudget(50_000, 10_000, 0)).toBe(40_000);
    expect(batchBudget(50_000, 10_000, 10)).toBe(40_000 - 10 * 456);
    expect(batchBudget(1_000, 10_000, 0)).toBe(0);
  });
});
