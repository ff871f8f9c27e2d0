import { readFileSync } from "node:fs";
import type { AssistantMessage, ToolResultMessage } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../src/index.js";
import { assistant, jqWholeLines, tempDir, unwrap } from "./helpers.js";

/** A call and its result, as the agent appends them. */
interface Exchange {
  name: string;
  args: Record<string, unknown>;
  content: ToolResultMessage["content"];
  details: unknown;
  isError?: boolean;
}

function callOf(id: string, { name, args }: Exchange): AssistantMessage {
  return {
    ...assistant(""),
    content: [{ type: "toolCall", id, name, arguments: args }],
    stopReason: "toolUse",
  };
}

function resultOf(id: string, exchange: Exchange): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId: id,
    toolName: exchange.name,
    content: exchange.content,
    details: exchange.details,
    isError: exchange.isError ?? false,
    timestamp: 3,
  };
}

const text = (value: string) => [{ type: "text" as const, text: value }];

/** Appends every exchange, reopens the file (and a fork of it): each result must come back equal. */
function expectRoundTrip(exchanges: Exchange[]): string[] {
  const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir(), fsync: "never" }));
  const written = exchanges.map((exchange, i) => {
    store.appendMessage(callOf(`call_${i}`, exchange));
    const message = resultOf(`call_${i}`, exchange);
    return { id: store.appendMessage(message).id, message };
  });
  const forked = unwrap(store.fork(store.leafId!));
  forked.close();
  store.close();
  for (const path of [store.path!, forked.path!]) {
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(reopened.warnings).toEqual([]);
    const results = reopened
      .getEntries()
      .flatMap((entry) =>
        entry.type === "message" && entry.message.role === "toolResult" ? [entry.message] : [],
      );
    expect(results).toEqual(written.map((w) => w.message));
  }
  // Each line stands alone: jq with the README's expression reads the same results.
  const byJq = jqWholeLines(store.path!).flatMap((record) => {
    const message = record.message as { role?: string } | undefined;
    return message?.role === "toolResult" ? [message] : [];
  });
  expect(byJq).toEqual(written.map((w) => w.message));
  const lines = readFileSync(store.path!, "utf8").split("\n");
  expect(lines.filter((line) => line.includes('"like"'))).toEqual([]);
  return written.map(({ id }) => lines.find((line) => line.includes(`"id":"${id}"`))!);
}

const context = (args: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  cwd: ".",
  params_input: args,
  ...extra,
});

const diff =
  "--- a/src/counter.ts\n+++ b/src/counter.ts\n@@ -1,1 +1,1 @@\n-export const counter = 0;\n+export const counter = 1;";
const editArgs = { path: "src/counter.ts", edits: [{ oldText: "= 0;", newText: "= 1;" }] };
const edit: Exchange = {
  name: "edit",
  args: editArgs,
  content: text(`Successfully replaced text in src/counter.ts.\n\n${diff}`),
  details: {
    status: "success",
    data: { applied: true, diff, first_changed_line: 1, match: "exact", replacements: 1 },
    stats: { time_ms: 4, replacements: 1, lines_added: 1, lines_removed: 1 },
    context: context(editArgs, { path_resolved: "src/counter.ts" }),
  },
};

const grepArgs = { pattern: "counter", path: "src" };
const grepMatches = [
  { file: "src/util.ts", line: 1, text: "export const counterName = 'counter';" },
  { file: "src/counter.ts", line: 12, text: "export const counter = 0; // a: 1: b" },
];
const grep: Exchange = {
  name: "grep",
  args: grepArgs,
  content: text(
    `Found 2 matches for "counter" in 2 files under src.\n\n${grepMatches.map((m) => `${m.file}:${m.line}: ${m.text}`).join("\n")}`,
  ),
  details: {
    status: "success",
    data: { matches: grepMatches, total_matches: 2, files: 2, truncated: false, engine: "rg" },
    stats: { time_ms: 14, total_matches: 2, files: 2 },
    context: context(grepArgs, { path_resolved: "src" }),
  },
};

describe("session-store — an edit's diff and grep's matches are stored once (issue 23.10)", () => {
  it("the diff and the match lines are on disk once, and load back identical", () => {
    const [editLine, grepLine] = expectRoundTrip([edit, grep]);
    expect(editLine!.split("+export const counter = 1;")).toHaveLength(2);
    expect(grepLine!.split("export const counterName")).toHaveLength(2);
  });
});

describe("session-store — every tool's envelope is the one written after a reload", () => {
  const readText = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
  const image = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
  const shapes: Record<string, Exchange> = {
    edit,
    grep,
    read: {
      name: "read",
      args: { path: "a.ts" },
      content: text(readText),
      details: {
        status: "success",
        data: { content: readText, truncated: false, truncated_by: null, next_offset: null },
        stats: { time_ms: 3, total_lines: 40, bytes: readText.length },
        context: context({ path: "a.ts" }, { path_resolved: "a.ts", truncation_skip: true }),
      },
    },
    "read, more to come": {
      name: "read",
      args: { path: "a.ts", limit: 2 },
      content: text("line 0\nline 1\n\n[38 more lines in file. Use offset=3 to continue.]"),
      details: {
        status: "success",
        data: { content: "line 0\nline 1", truncated: true, next_offset: 3 },
        text: "line 0\nline 1\n\n[38 more lines in file. Use offset=3 to continue.]",
        stats: { time_ms: 1 },
        context: context({ path: "a.ts", limit: 2 }),
      },
    },
    "read image": {
      name: "read",
      args: { path: "a.png" },
      content: [...text("Read image file a.png [image/png]."), image],
      details: {
        status: "success",
        data: { content: "", images: [image], mime_type: "image/png" },
        stats: { time_ms: 1 },
        context: context({ path: "a.png" }),
      },
    },
    "grep, no match": {
      name: "grep",
      args: { pattern: "zzz" },
      content: text('No matches found for "zzz" in ..'),
      details: {
        status: "success",
        data: { matches: [], total_matches: 0 },
        stats: { time_ms: 2, total_matches: 0, files: 0 },
        context: context({ pattern: "zzz" }),
      },
    },
    "grep, a file name that reads as a match line": {
      name: "grep",
      args: { pattern: "x" },
      content: text("Found 1 match\n\nodd:3: name.ts:7: x = 1"),
      details: {
        status: "success",
        data: { matches: [{ file: "odd:3: name.ts", line: 7, text: "x = 1" }] },
        stats: { time_ms: 2 },
        context: context({ pattern: "x" }),
      },
    },
    "grep, context lines between matches": {
      name: "grep",
      args: { pattern: "b", context: 1 },
      content: text("Found 2 matches\n\nf.ts-1- a\nf.ts:2: b\nf.ts-3- c\nf.ts:9: b"),
      details: {
        status: "success",
        data: {
          matches: [
            { file: "f.ts", line: 2, text: "b" },
            { file: "f.ts", line: 9, text: "b" },
          ],
        },
        stats: { time_ms: 2 },
        context: context({ pattern: "b", context: 1 }),
      },
    },
    "edit, no match (an error)": {
      name: "edit",
      args: editArgs,
      content: text("Could not find the text to replace in src/counter.ts."),
      isError: true,
      details: {
        status: "error",
        error: {
          code: "NO_MATCH",
          message: "Could not find the text to replace in src/counter.ts.",
        },
        stats: { time_ms: 1 },
        context: context(editArgs),
      },
    },
    write: {
      name: "write",
      args: { path: "b.ts", content: "x".repeat(5_000) },
      content: text("Successfully wrote 5000 bytes to b.ts"),
      details: {
        status: "success",
        data: { applied: true, bytes: 5_000 },
        stats: { time_ms: 1 },
        context: context({ path: "b.ts", content: "x".repeat(5_000) }, { path_resolved: "b.ts" }),
      },
    },
    bash: {
      name: "bash",
      args: { command: "wc -l src/app.ts" },
      content: text("40 src/app.ts\n"),
      details: {
        status: "success",
        data: { exit_code: 0, signal: null, stdout: "40 src/app.ts\n", full_output_path: null },
        stats: { time_ms: 8, duration_ms: 8, total_lines: 1, total_bytes: 14 },
        context: context({ command: "wc -l src/app.ts" }),
      },
    },
    "bash, spilled output": {
      name: "bash",
      args: { command: "seq 100000" },
      content: text(`${"9\n".repeat(2_000)}\n[Output truncated: full log in .tool-output/b.log]`),
      details: {
        status: "partial",
        data: {
          exit_code: 0,
          preview: "9\n".repeat(2_000),
          full_output_path: ".tool-output/b.log",
        },
        stats: { time_ms: 30 },
        context: context({ command: "seq 100000" }),
      },
    },
    "find and ls": {
      name: "find",
      args: { pattern: "*.ts" },
      content: text("src/a.ts\nsrc/b.ts"),
      details: {
        status: "success",
        data: { files: ["src/a.ts", "src/b.ts"], total: 2, truncated: false },
        stats: { time_ms: 2 },
        context: context({ pattern: "*.ts" }, { path_resolved: "." }),
      },
    },
    "params rewritten by a hook, no details text": {
      name: "bash",
      args: { command: "ls" },
      content: text("a\nb"),
      details: { status: "success", data: {}, context: context({ command: "ls -la" }) },
    },
    "details that are not an envelope": {
      name: "todo_write",
      args: { todos: [] },
      content: text("Todo list updated."),
      details: { todos: [{ id: "1", content: "x", status: "pending" }] },
    },
  };

  for (const [name, exchange] of Object.entries(shapes)) {
    it(`${name}`, () => {
      expectRoundTrip([exchange]);
    });
  }

  it("random envelopes: strings from the text, matches, params, images, in any order", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const words = ["a", "b:", ": 1: ", "ü", "🚀", "\n", " ", "x".repeat(40), "file.ts:3: y"];
    const phrase = () =>
      Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick(words)).join("");
    const exchanges = Array.from({ length: 200 }, (): Exchange => {
      const body = phrase();
      const matches = Array.from({ length: Math.floor(random() * 3) }, () => ({
        file: pick(["f.ts", "a b.ts", "x:1: y"]),
        line: Math.floor(random() * 50),
        text: pick(["t", "", " : 2: ", "x".repeat(40)]),
      }));
      const matchLines = matches.map((m) => `${m.file}:${m.line}: ${m.text}`).join("\n");
      const full = pick([body, `${body}\n${matchLines}`, `${matchLines}\n${body}`]);
      // By code points: half a surrogate pair is no text a tool returns (and jq refuses it).
      const points = Array.from(full);
      const cut = () => {
        const start = Math.floor(random() * points.length);
        return points.slice(start, start + Math.floor(random() * points.length)).join("");
      };
      const args = { value: phrase() };
      const candidates: [string, unknown][] = [
        ["content", pick([full, cut(), phrase()])],
        ["diff", pick([cut(), full, phrase()])],
        ["preview", cut()],
        ["matches", pick([matches, [...matches].reverse(), []])],
        ["images", pick([[], null])],
        ["count", Math.floor(random() * 9)],
        ["flag", null],
      ];
      const data = Object.fromEntries(candidates.filter(() => random() < 0.7));
      const details: Record<string, unknown> = { status: pick(["success", "error", "partial"]) };
      if (random() < 0.8) details.data = data;
      if (random() < 0.5) details.text = pick([full, cut(), ""]);
      if (random() < 0.7) details.stats = { time_ms: 1, count: data.count };
      if (random() < 0.8) details.context = context(pick([args, { value: "other" }]));
      const ordered = Object.fromEntries(
        Object.entries(details).sort(() => (random() < 0.5 ? -1 : 1)),
      );
      return { name: pick(["read", "grep", "edit"]), args, content: text(full), details: ordered };
    });
    expectRoundTrip(exchanges);
  });
});

describe("session-store — every tool result line holds its whole envelope (issue 36 item 4)", () => {
  const bash = (command: string, durationMs: number, stdout: string): Exchange => ({
    name: "bash",
    args: { command },
    content: text(stdout),
    details: {
      status: "success",
      data: {
        exit_code: 0,
        signal: null,
        timed_out: false,
        killed: false,
        duration_ms: durationMs,
        stdout,
        truncated: false,
        full_output_path: null,
      },
      stats: { time_ms: durationMs, duration_ms: durationMs },
      context: context({ command }),
    },
  });

  it("a result the same as the previous one but for its output repeats every field of the envelope", () => {
    const lines = expectRoundTrip([
      bash("wc -l a", 30, "40 a\n"),
      edit,
      bash("wc -l b", 31, "41 b\n"),
      bash("wc -l c", 31, "42 c\n"),
    ]);
    for (const line of [lines[0]!, lines[2]!, lines[3]!]) {
      const { details } = JSON.parse(line).message;
      expect(details).toMatchObject({
        status: "success",
        data: {
          exit_code: 0,
          signal: null,
          timed_out: false,
          killed: false,
          duration_ms: 31 - (line === lines[0] ? 1 : 0),
        },
        stats: { duration_ms: expect.any(Number) },
        context: { cwd: ".", params_input: { command: expect.any(String) } },
      });
    }
    expect(JSON.parse(lines[3]!).detailsFromContent).toEqual({ data: { stdout: 5 } });
  });
});
