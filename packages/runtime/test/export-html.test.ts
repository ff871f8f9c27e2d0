import { describe, expect, it } from "vitest";
import { classifyDiffLine, renderSessionHtml, sessionTotals } from "../src/index.js";
import { sampleDocument } from "./export-fixture.js";

describe("HTML export — content", () => {
  const html = renderSessionHtml(sampleDocument());

  it("is one self-contained file: no script, no external asset", () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link |src="http|href="http|url\(http/);
  });

  it("escapes user text", () => {
    expect(html).toContain("Rename greet to &lt;hello&gt; in a.ts");
    expect(html).not.toContain("<hello>");
  });

  it("puts the tool call, its arguments, output and diff in a collapsible block", () => {
    expect(html).toMatch(/<details class="tool-call" open>\s*<summary>edit a\.ts<\/summary>/);
    expect(html).toContain("Successfully replaced text in a.ts.");
    expect(html).toContain('<span class="diff-line diff-add">+export function hello() {}</span>');
    expect(html).toContain('<span class="diff-line diff-del">-export function greet() {}</span>');
  });

  it("collapses thinking", () => {
    expect(html).toMatch(
      /<details class="thinking"><summary>Thinking<\/summary><div class="text">I should read the file first\./,
    );
  });

  it("has a header with model, token and cost totals and one chart bar pair per turn", () => {
    expect(html).toContain("Model: <b>anthropic/claude-test</b>");
    expect(html).toContain("Input: <b>2,600</b>");
    expect(html).toContain("Output: <b>100</b>");
    expect(html).toContain("Cost: <b>$0.0020</b>");
    expect(html.match(/class="bar-input"/g)).toHaveLength(2);
    expect(html.match(/class="bar-output"/g)).toHaveLength(2);
  });

  it("falls back to a diff built from the edit arguments when the result has none", () => {
    const doc = sampleDocument();
    const result = doc.items[2]!;
    if (result.kind === "message" && result.message.role === "toolResult")
      result.message.details = undefined;
    const fallback = renderSessionHtml(doc);
    expect(fallback).toContain('<span class="diff-line diff-del">-greet</span>');
    expect(fallback).toContain('<span class="diff-line diff-add">+hello</span>');
  });

  it("classifies diff lines; file headers are not changes", () => {
    expect(["+a", "-b", "@@ -1 @@", "+++ x", "--- y", " c"].map(classifyDiffLine)).toEqual([
      "add",
      "del",
      "hunk",
      "context",
      "context",
      "context",
    ]);
  });

  it("totals add up every assistant message", () => {
    const totals = sessionTotals(sampleDocument().items);
    expect(totals.turns).toEqual([
      { input: 1200, output: 80 },
      { input: 1400, output: 20 },
    ]);
  });

  it("an assistant line without usage (hand-edited or foreign session file) still renders", () => {
    const doc = sampleDocument();
    for (const item of doc.items) {
      if (item.kind === "message" && item.message.role === "assistant") {
        delete (item.message as { usage?: unknown }).usage;
        break;
      }
    }
    const totals = sessionTotals(doc.items);
    expect(totals.turns).toEqual([
      { input: 0, output: 0 },
      { input: 1400, output: 20 },
    ]);
    expect(renderSessionHtml(doc)).toContain("<svg");
  });
});
