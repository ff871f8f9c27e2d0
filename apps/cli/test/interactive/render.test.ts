import { visibleWidth } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import { highlightCode } from "../../src/interactive/render/highlight.js";
import { markdownLines, settledMarkdownLength } from "../../src/interactive/render/markdown.js";
import { footerLine } from "../../src/interactive/render/status-bar.js";
import { type ToolCallView, toolBlockLines } from "../../src/interactive/render/tool-block.js";
import { hangingWrap } from "../../src/interactive/transcript/entries.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: colours are stripped to read the text
const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, "");

describe("interactive — Markdown", () => {
  it("wraps by display width: CJK and emoji take two columns, no line is wider than the terminal", () => {
    const text = "中文宽度测试 🎉 ".repeat(20);
    for (const width of [80, 40, 21]) {
      const lines = markdownLines(text, width);
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it("code blocks keep their text (highlighting adds colour only)", () => {
    const lines = markdownLines("```ts\nconst a = 1; // one\n```", 80).map(plain);
    expect(lines.some((line) => line.includes("const a = 1; // one"))).toBe(true);
  });

  it("every top-level block but the last is settled while an answer streams", () => {
    expect(settledMarkdownLength("one paragraph")).toBe(0);
    const text = "first paragraph\n\nsecond, still strea";
    const settled = settledMarkdownLength(text);
    expect(text.slice(0, settled)).toBe("first paragraph\n\n".slice(0, settled));
    expect(text.slice(0, settled).trim()).toBe("first paragraph");
  });

  it("an unclosed code fence stays one block until it closes", () => {
    const text = "intro\n\n```ts\nconst a = 1;\n\nconst b = 2;";
    expect(text.slice(0, settledMarkdownLength(text)).trim()).toBe("intro");
  });
});

describe("interactive — code highlighting", () => {
  it("keeps every line and its text", () => {
    const code = 'const s = "x"; // c\nlet n = 42\n# not a comment in ts';
    const lines = highlightCode(code, "ts");
    expect(lines.map(plain)).toEqual(code.split("\n"));
  });

  it("leaves plain text and diffs alone", () => {
    expect(highlightCode("+ added\n- removed", "diff")).toEqual(["+ added", "- removed"]);
  });
});

describe("interactive — tool blocks", () => {
  const envelope = (over: Record<string, unknown>) =>
    ({
      status: "success",
      data: {},
      text: "",
      stats: { time_ms: 1 },
      context: { cwd: ".", params_input: {} },
      ...over,
    }) as ToolCallView["result"];

  it("a running command shows its key argument, the elapsed time and the tail of its output", () => {
    const view: ToolCallView = {
      name: "bash",
      args: { command: "npm test" },
      startedAt: 1_000,
      liveOutput: Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n"),
    };
    const lines = toolBlockLines(view, 80, 13_500).map(plain);
    expect(lines[0]).toContain("bash npm test");
    expect(lines[0]).toContain("12 s");
    expect(lines.slice(1)).toEqual([
      "  line 15",
      "  line 16",
      "  line 17",
      "  line 18",
      "  line 19",
    ]);
  });

  it("a command's own escape sequences never reach the screen", () => {
    const view: ToolCallView = {
      name: "bash",
      args: { command: "ls --color" },
      startedAt: 0,
      liveOutput: "\x1b[31mred\x1b[0m\x1b[2Kcleared\x1b[1A",
    };
    const tail = toolBlockLines(view, 80, 0)[1]!;
    expect(plain(tail)).toBe("  redcleared");
    expect(tail).not.toContain("\x1b[2K");
    expect(tail).not.toContain("\x1b[1A");
  });

  it("an edit shows its diff, classified like the HTML export (headers dropped)", () => {
    const diff =
      "--- a.ts\n+++ a.ts\n@@ -1,2 +1,2 @@\n const a = 1;\n-const b = 2;\n+const b = 3;\n";
    const lines = toolBlockLines(
      {
        name: "edit",
        args: { path: "a.ts" },
        startedAt: 0,
        endedAt: 10,
        result: envelope({ data: { diff } }),
      },
      80,
      10,
    ).map(plain);
    expect(lines[0]).toContain("edit a.ts");
    expect(lines).toContain("  -const b = 2;");
    expect(lines).toContain("  +const b = 3;");
    expect(lines.some((line) => line.includes("+++"))).toBe(false);
  });

  it("an edit's new language-server errors show under its diff; old ones do not", () => {
    const diff = "--- a.ts\n+++ a.ts\n@@ -1,1 +1,1 @@\n-const b = 2;\n+const b: number = '3';\n";
    const diagnostics = [
      {
        file: "a.ts",
        line: 1,
        column: 7,
        severity: "error",
        code: "TS2322",
        message: "Type 'string' is not assignable to type 'number'.",
      },
      {
        file: "a.ts",
        line: 9,
        column: 1,
        severity: "error",
        code: "TS2304",
        message: "Cannot find name 'x'.",
        preExisting: true,
      },
    ];
    const lines = toolBlockLines(
      {
        name: "edit",
        args: { path: "a.ts" },
        startedAt: 0,
        endedAt: 10,
        result: envelope({ data: { diff, diagnostics } }),
      },
      120,
      10,
    ).map(plain);
    const at = lines.indexOf("  +const b: number = '3';");
    expect(lines[at + 1]).toBe(
      "  a.ts:1:7 error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(lines.join("\n")).not.toContain("TS2304");
  });

  it("a failed call shows its error; a truncated result says so", () => {
    const failed = toolBlockLines(
      {
        name: "read",
        args: { path: "missing.ts" },
        startedAt: 0,
        endedAt: 1,
        isError: true,
        result: envelope({
          status: "error",
          error: { code: "NOT_FOUND", message: "missing.ts does not exist" },
        }),
      },
      80,
      1,
    ).map(plain);
    expect(failed[0]).toMatch(/^✗ read missing.ts/);
    expect(failed).toContain("  missing.ts does not exist");

    const truncated = toolBlockLines(
      {
        name: "bash",
        args: { command: "cat big.log" },
        startedAt: 0,
        endedAt: 1,
        result: envelope({
          data: { stdout: "last line" },
          text: "last line\n\n[Showing lines 9001-10000 of 10000 (2000 lines limit). Full output: .tool-output/x.log]",
        }),
      },
      80,
      1,
    ).map(plain);
    expect(truncated.some((line) => line.includes("[Showing lines 9001-10000"))).toBe(true);
  });

  it("a command without output shows no empty line before its error", () => {
    const lines = toolBlockLines(
      {
        name: "bash",
        args: { command: "sleep 30" },
        startedAt: 0,
        endedAt: 1,
        isError: true,
        result: envelope({
          status: "error",
          data: { stdout: "" },
          error: { code: "ABORTED", message: "Command aborted" },
        }),
      },
      80,
      1,
    ).map(plain);
    expect(lines.slice(1)).toEqual(["  Command aborted"]);
  });

  it("a call the run never finished is marked interrupted", () => {
    const lines = toolBlockLines(
      { name: "bash", args: { command: "sleep 9" }, startedAt: 0, interrupted: true },
      80,
      5,
    );
    expect(plain(lines[1]!)).toBe("  interrupted");
  });
});

describe("interactive — status line", () => {
  const info = {
    model: "anthropic/claude-sonnet-4-5",
    thinking: "medium",
    contextTokens: 12_345,
    contextWindow: 200_000,
    cost: 0.0421,
    cwd: "/home/someone/projects/a-rather-long-folder-name/and-deeper/still",
  };

  it("shows model, thinking, context used (tokens and %) and cost", () => {
    const line = plain(footerLine(info, 200));
    expect(line).toContain("anthropic/claude-sonnet-4-5");
    expect(line).toContain("thinking medium");
    expect(line).toContain("ctx 6% 12K/200K");
    expect(line).toContain("$0.042");
    expect(line).toContain(info.cwd);
  });

  it("the cwd gives way first, cut from the left so its last folders stay", () => {
    const line = plain(footerLine(info, 100));
    expect(visibleWidth(line)).toBeLessThanOrEqual(100);
    expect(line).toMatch(/^…/);
    expect(line).toContain("still");
    expect(line).toContain("$0.042");
  });

  it("fits 80 columns and less", () => {
    for (const width of [80, 40]) {
      expect(visibleWidth(plain(footerLine(info, width)))).toBeLessThanOrEqual(width);
    }
  });
});

describe("interactive — tool blocks by tool", () => {
  const done = (name: string, data: Record<string, unknown>, text: string) =>
    toolBlockLines(
      {
        name,
        args: {},
        startedAt: 0,
        endedAt: 1,
        result: {
          status: "success",
          data,
          text,
          stats: { time_ms: 1 },
          context: { cwd: ".", params_input: {} },
        },
      },
      80,
      1,
    ).map(plain);

  it("todo_write shows the list as a checklist", () => {
    const todos = [
      { content: "write the test", status: "completed" },
      { content: "fix the bug", status: "in_progress" },
      { content: "update the README", status: "pending" },
    ];
    expect(done("todo_write", { todos }, "# TodoWrite").slice(1)).toEqual([
      "  [x] write the test",
      "  [~] fix the bug",
      "  [ ] update the README",
    ]);
  });

  it("ask_user shows each question with its answer", () => {
    const answers = { "Which DB?": "Postgres" };
    expect(done("ask_user", { answers }, "# AskUserQuestion")).toEqual([
      "✓ ask_user",
      "  Which DB? → Postgres",
    ]);
  });

  it("read shows no file content under its header; another tool its outcome in one line", () => {
    expect(done("read", {}, "line 1 of the file\nline 2")).toHaveLength(1);
    expect(
      done("web_fetch", {}, "Fetched https://example.com (12 KB) as Markdown.\n\n# Example"),
    ).toEqual(["✓ web_fetch", "  Fetched https://example.com (12 KB) as Markdown."]);
  });
});

describe("interactive — blocks", () => {
  it("a two-column line wraps under its second column", () => {
    const line =
      "/model [query|provider/id]               switch the model (any provider with a key)";
    const lines = hangingWrap(line, 70);
    expect(lines).toEqual([
      "/model [query|provider/id]               switch the model (any",
      `${" ".repeat(41)}provider with a key)`,
    ]);
  });

  it("a line without columns wraps as usual", () => {
    expect(hangingWrap("one two three", 8)).toEqual(["one two", "three"]);
  });
});
