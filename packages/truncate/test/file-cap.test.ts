import { describe, expect, it } from "vitest";
import { capJson, capText, headAndTailBytes } from "../src/observation/file-cap.js";

describe("file cap — a spill file keeps its head and tail within the cap", () => {
  it("text under the cap is written whole", () => {
    expect(capText("abc\n", 10)).toEqual({ text: "abc\n", droppedBytes: 0 });
  });

  it("text over the cap keeps the first and last bytes and says how many were dropped", () => {
    const text = `HEAD${"m".repeat(10_000)}TAIL`;
    const capped = capText(text, 1000);
    const { head, tail } = headAndTailBytes(1000);
    expect(capped.text.startsWith(`HEAD${"m".repeat(head - 4)}\n[... `)).toBe(true);
    expect(capped.text.endsWith(`\n${"m".repeat(tail - 4)}TAIL`)).toBe(true);
    expect(capped.droppedBytes).toBe(text.length - 1000);
    expect(capped.text).toContain(
      `[... ${(text.length - 1000).toLocaleString("en-US")} bytes dropped here`,
    );
  });

  it("never splits a character at either cut", () => {
    const capped = capText("é".repeat(5000), 1001);
    expect(capped.text).not.toContain("\uFFFD");
    expect(Buffer.from(capped.text).toString("utf8")).toBe(capped.text);
  });

  it("JSON over the cap stays valid JSON with every key, its long strings cut", () => {
    const value = {
      status: "success",
      text: "t".repeat(100_000),
      data: { diff: "d".repeat(100_000) },
    };
    const json = capJson(value, 20_000, () => ({ outline: true }));
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(20_000);
    const parsed = JSON.parse(json);
    expect(parsed.status).toBe("success");
    expect(parsed.text).toMatch(/^t+\[\.\.\. [\d,]+ bytes dropped here/);
    expect(parsed.data.diff).toMatch(/d+$/);
  });

  it("JSON whose short strings alone are over the cap falls back to its outline", () => {
    const value = { items: Array.from({ length: 10_000 }, (_, i) => `item ${i}`) };
    expect(JSON.parse(capJson(value, 2_000, () => ({ outline: true })))).toEqual({ outline: true });
  });
});
