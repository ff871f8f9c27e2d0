import { describe, expect, it } from "vitest";
import { renderTokenChart } from "../src/export/chart.js";
import { classifyDiff } from "../src/export/diff.js";
import { sessionTotals } from "../src/export/render-html.js";
import { renderSessionHtml } from "../src/index.js";
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

  it("classifies diff lines from the parsed patch: file headers are not changes, `-- x` removed and `++i` added are", () => {
    const diff = "--- a/a.sql\n+++ b/a.sql\n@@ -1,2 +1,2 @@\n--- comment\n+++i;\n keep\n";
    expect(classifyDiff(diff)).toEqual([
      { kind: "file", text: "--- a/a.sql" },
      { kind: "file", text: "+++ b/a.sql" },
      { kind: "hunk", text: "@@ -1,2 +1,2 @@" },
      { kind: "del", text: "--- comment" },
      { kind: "add", text: "+++i;" },
      { kind: "context", text: " keep" },
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

describe("HTML export — robust rendering", () => {
  it("a removed `-- comment` and an added `++i;` show as removed and added", () => {
    const doc = sampleDocument();
    const result = doc.items[2]!;
    if (result.kind === "message" && result.message.role === "toolResult") {
      result.message.details = {
        status: "success",
        data: { diff: "--- a/a.sql\n+++ b/a.sql\n@@ -1,1 +1,1 @@\n--- comment\n+++i;\n" },
      };
    }
    const html = renderSessionHtml(doc);
    expect(html).toContain('<span class="diff-line diff-del">--- comment</span>');
    expect(html).toContain('<span class="diff-line diff-add">+++i;</span>');
  });

  it("an edit's new language-server errors show under its diff (gong web renders the same)", () => {
    const doc = sampleDocument();
    const result = doc.items[2]!;
    if (result.kind === "message" && result.message.role === "toolResult") {
      result.message.details = {
        status: "success",
        data: {
          diff: "--- a/a.ts\n+++ b/a.ts\n@@ -1,1 +1,1 @@\n-let b = 2;\n+let b: number = '3';\n",
          diagnostics: [
            {
              file: "a.ts",
              line: 1,
              column: 5,
              severity: "error",
              code: "TS2322",
              message: "Type '<string>' is not assignable.",
            },
            {
              file: "a.ts",
              line: 7,
              column: 1,
              severity: "error",
              message: "old one",
              preExisting: true,
            },
          ],
        },
      };
    }
    const html = renderSessionHtml(doc);
    expect(html).toContain('<div class="label">New errors</div>');
    expect(html).toContain(
      "a.ts:1:5 error TS2322: Type &#39;&lt;string&gt;&#39; is not assignable.",
    );
    expect(html).not.toContain("old one");
  });

  it("each edit's diff appears once (not again inside the tool output)", () => {
    const html = renderSessionHtml(sampleDocument());
    expect(html.split("+export function hello() {}")).toHaveLength(2);
    expect(html).toContain("Successfully replaced text in a.ts.");
  });

  it("assistant Markdown is rendered, and HTML in it is escaped", () => {
    const doc = sampleDocument();
    const answer = doc.items[3]!;
    if (answer.kind === "message" && answer.message.role === "assistant") {
      answer.message.content = [
        {
          type: "text",
          text: "Done: **greet** is now `hello`.\n\n- one\n- two\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [link](javascript:alert(1)) ![pic](http://tracker.example/p.png)",
        },
      ];
    }
    const html = renderSessionHtml(doc);
    expect(html).toContain("<strong>greet</strong>");
    expect(html).toContain("<code>hello</code>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/<script|<img src=x|href="javascript|src="http/);
  });

  it("the chart labels each end under its own bar, once per turn (one model call each)", () => {
    const one = renderTokenChart([{ input: 10, output: 5 }]);
    expect(one.match(/>turn \d+</g)).toEqual([">turn 1<"]);
    const [, barX, barWidth] = /class="bar-input" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/.exec(
      one,
    )!;
    const centre = (Number(barX) + Number(barWidth) / 2).toFixed(1);
    expect(one).toMatch(new RegExp(`x="${centre}"[^>]*text-anchor="middle">turn 1<`));

    const three = renderTokenChart([
      { input: 10, output: 5 },
      { input: 20, output: 5 },
      { input: 30, output: 5 },
    ]);
    expect(three.match(/>turn \d+</g)).toEqual([">turn 1<", ">turn 3<"]);
    const bars = [...three.matchAll(/class="bar-input" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/g)];
    const first = Number(bars[0]![1]);
    const last = Number(bars[2]![1]) + Number(bars[2]![2]);
    expect(three).toMatch(new RegExp(`x="${first.toFixed(1)}"[^>]*text-anchor="start">turn 1<`));
    expect(three).toMatch(new RegExp(`x="${last.toFixed(1)}"[^>]*text-anchor="end">turn 3<`));
  });
});
