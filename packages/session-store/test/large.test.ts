import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AssistantMessage, ToolResultMessage } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../src/index.js";
import { assistant, tempDir, toolResult, unwrap, user } from "./helpers.js";

const reopen = (path: string) => unwrap(SessionStore.open(path));

describe("issue #5 — unicode and huge messages", () => {
  it("round-trips CJK, emoji, RTL, line separators, newlines and lone surrogates", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p/日本", gongHome: tempDir() }));
    const texts = [
      "中文：会话永不丢失 🚀👩‍👩‍👧",
      "עברית ومرحبا",
      "line\u2028separator\u2029para\nnewline\r\ncrlf\ttab",
      "lone \ud800 surrogate",
      "\u0000 nul byte",
    ];
    for (const text of texts) store.appendMessage(user(text));
    store.close();
    const lines = readFileSync(store.path!, "utf8").split("\n");
    expect(lines).toHaveLength(texts.length + 2); // header, entries, final ""
    const reopened = reopen(store.path!);
    expect(reopened.cwd).toBe("/p/日本");
    const got = reopened.buildContext().messages.map((m) => m.content);
    // JSON.stringify escapes a lone surrogate as \ud800, so even that survives the file.
    expect(got).toEqual(texts);
    reopened.close();
  });

  it("a 5 MB message is one line and comes back intact", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
    const huge = "x".repeat(2_500_000) + "末".repeat(800_000);
    const entry = store.appendMessage(user(huge));
    store.appendMessage(assistant("ok"));
    store.close();
    const reopened = reopen(store.path!);
    const back = reopened.getEntry(entry.id);
    expect(back?.type === "message" && back.message.content === huge).toBe(true);
    reopened.close();
  });
});

/** The one line a message entry took in the file. */
function lineOf(path: string, entryId: string): string {
  const line = readFileSync(path, "utf8")
    .split("\n")
    .find((l) => l.includes(`"id":"${entryId}"`));
  if (line === undefined) throw new Error(`entry ${entryId} is not in ${path}`);
  return line;
}

function messageOf(store: SessionStore, entryId: string) {
  const entry = store.getEntry(entryId);
  if (entry?.type !== "message") throw new Error(`entry ${entryId} is not a message`);
  return entry.message;
}

describe("issue #5 / ARCHITECTURE §6 — spilled tool output stays small", () => {
  it("a toolResult stores the model-visible text and the truncation wrapper, not the blob", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
    // What the ObservationTruncator hands back for an 80 MB output: the last 2000 lines
    // as the preview, the model-visible text (preview + notice), and the path.
    const preview = Array.from({ length: 2000 }, (_, i) => `out ${498_000 + i}`).join("\n");
    const text = `${preview}\n\n[Output truncated: showing the last 2000 of 500000 lines (25.9KB of 80.0MB; limit 2000 lines / 50.0KB). Full output saved to .gong/tool-output/tool_1_bash.txt (plain text) and .gong/tool-output/tool_1_bash.json (complete result).]`;
    const wrapper = {
      status: "partial",
      data: {
        truncated: true,
        truncation: {
          direction: "tail",
          max_lines: 2000,
          max_bytes: 51_200,
          original_lines: 500_000,
          original_bytes: 80_000_000,
          kept_lines: 2000,
          kept_bytes: Buffer.byteLength(preview),
          full_output_path: ".gong/tool-output/tool_1_bash.json",
        },
        preview,
      },
      text,
      stats: { time_ms: 12 },
      context: { cwd: "/p", params_input: { command: "big" } },
    };
    const message = toolResult(text, wrapper);
    const entry = store.appendMessage(message);
    store.close();
    // Text, wrapper text and preview share one copy: the line is the text plus the
    // small fields, not three previews.
    const line = lineOf(store.path!, entry.id);
    expect(Buffer.byteLength(line)).toBeLessThan(Buffer.byteLength(JSON.stringify(text)) + 1_000);
    expect(line).toContain(".gong/tool-output/tool_1_bash.json");
    const reopened = reopen(store.path!);
    expect(messageOf(reopened, entry.id)).toEqual(message);
    expect(reopened.buildContext().messages).toEqual([message]);
    reopened.close();
  });
});

describe("data loss — each tool output is stored once", () => {
  // A read as @gong/tools returns it: `text` and `data.content` are the file's text.
  const content = Array.from({ length: 400 }, (_, i) => `line ${i} ${"x".repeat(92)}`).join("\n");
  const readEnvelope = (text: string, data: Record<string, unknown>) => ({
    status: "success",
    data: { content, truncated: false, total_lines: 400, start_line: 1, ...data },
    text,
    stats: { time_ms: 4, total_lines: 400, bytes: content.length },
    context: { cwd: ".", params_input: { path: "big.txt" }, path_resolved: "big.txt" },
  });

  it("a 40 KB read is one line under 50 KB and loads back as the identical message", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
    const message = toolResult(content, readEnvelope(content, { end_line: 400 }));
    const entry = store.appendMessage(message);
    expect(messageOf(store, entry.id)).toBe(message); // memory keeps the full envelope
    store.close();
    const size = Buffer.byteLength(lineOf(store.path!, entry.id));
    expect(size).toBeGreaterThan(40_000);
    expect(size).toBeLessThan(50_000);
    const reopened = reopen(store.path!);
    expect(messageOf(reopened, entry.id)).toEqual(message);
    reopened.close();
  });

  it("a read whose text adds a notice after the content stores the content once too", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
    const text = `${content}\n\n[90 more lines in file. Use offset=401 to continue.]`;
    const message = toolResult(text, readEnvelope(text, { end_line: 400, next_offset: 401 }));
    const entry = store.appendMessage(message);
    store.close();
    expect(Buffer.byteLength(lineOf(store.path!, entry.id))).toBeLessThan(50_000);
    const reopened = reopen(store.path!);
    expect(messageOf(reopened, entry.id)).toEqual(message);
    reopened.close();
  });

  it("an old line that holds the output three times still loads unchanged", () => {
    const dir = tempDir();
    const path = join(dir, "old.jsonl");
    const message = toolResult(content, readEnvelope(content, { end_line: 400 }));
    const header = { type: "session", version: 1, id: "old", timestamp: "t", cwd: "/p" };
    const line = { type: "message", id: "e1", parentId: null, timestamp: "t", message };
    writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(line)}\n`);
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(messageOf(reopened, "e1")).toEqual(message);
    expect(reopened.warnings).toEqual([]);
  });

  it("a stored length that does not fit the text is a corrupt line, skipped with a warning", () => {
    const dir = tempDir();
    const path = join(dir, "edited.jsonl");
    const message = toolResult("short", { status: "success", data: {}, stats: { time_ms: 1 } });
    const header = { type: "session", version: 1, id: "edited", timestamp: "t", cwd: "/p" };
    const line = {
      type: "message",
      id: "e1",
      parentId: null,
      timestamp: "t",
      message,
      detailsFromContent: { text: 999 },
    };
    writeFileSync(path, `${JSON.stringify(header)}\n${JSON.stringify(line)}\n`);
    const reopened = unwrap(SessionStore.open(path, { readOnly: true }));
    expect(reopened.getEntry("e1")).toBeUndefined();
    expect(reopened.warnings).toMatchObject([{ kind: "corrupt_line", line: 2 }]);
  });
});

describe("a tool call's arguments in its result: the line stands alone (issue 36 item 4)", () => {
  const content = "x".repeat(500_000);
  const call = (): AssistantMessage => ({
    ...assistant(""),
    content: [{ type: "toolCall", id: "call_1", name: "write", arguments: { path: "a", content } }],
    stopReason: "toolUse",
  });
  const written = (paramsInput: unknown) =>
    toolResult("Successfully wrote 500000 bytes to a", {
      status: "success",
      data: { applied: true },
      text: "Successfully wrote 500000 bytes to a",
      stats: { time_ms: 1 },
      context: { cwd: ".", params_input: paramsInput, path_resolved: "a" },
    });

  it("a result whose params_input is the call's arguments holds them itself; an older line that left them out still loads", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
    store.appendMessage(call());
    const message = written({ path: "a", content });
    const entry = store.appendMessage(message);
    store.close();
    const line = lineOf(store.path!, entry.id);
    expect(JSON.parse(line).message.details.context.params_input).toEqual({ path: "a", content });
    expect(line).not.toContain('"params"');
    // As files before issue 36 stored it: `null`, taken back from the call on load.
    const older = JSON.parse(line);
    older.message.details.context.params_input = null;
    older.detailsFromContent = { ...older.detailsFromContent, params: true };
    const file = readFileSync(store.path!, "utf8");
    writeFileSync(store.path!, file.replace(line, JSON.stringify(older)));
    expect(Buffer.byteLength(lineOf(store.path!, entry.id))).toBeLessThan(2_000);
    const reopened = reopen(store.path!);
    expect(messageOf(reopened, entry.id)).toEqual(message);
    reopened.close();
  });

  it("params_input that differs from the call (a hook rewrote it) is kept as it is", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
    store.appendMessage(call());
    const message = written({ path: "b", content: "rewritten" });
    const entry = store.appendMessage(message);
    store.close();
    expect(lineOf(store.path!, entry.id)).toContain('"rewritten"');
    const reopened = reopen(store.path!);
    expect(messageOf(reopened, entry.id)).toEqual(message);
    reopened.close();
  });
});

describe("data loss — an image a tool returns is stored once", () => {
  it("data.images equal to the content's images are not written again, and load back identical", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
    const image = { type: "image" as const, data: "A".repeat(400_000), mimeType: "image/png" };
    const message: ToolResultMessage = {
      ...toolResult("Read image file a.png [image/png]."),
      content: [{ type: "text", text: "Read image file a.png [image/png]." }, image],
      details: {
        status: "success",
        data: { content: "", images: [image], mime_type: "image/png", width: 9 },
        text: "Read image file a.png [image/png].",
        stats: { time_ms: 1 },
      },
    };
    const entry = store.appendMessage(message);
    store.close();
    expect(Buffer.byteLength(lineOf(store.path!, entry.id))).toBeLessThan(410_000);
    const reopened = reopen(store.path!);
    expect(messageOf(reopened, entry.id)).toEqual(message);
    reopened.close();
  });
});

describe("issue #5 — large sessions", () => {
  it("a 20 000-entry session reopens with its context, and appends stay O(1)", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir(), fsync: "never" }));
    const body = "lorem ipsum ".repeat(40);
    for (let i = 0; i < 10_000; i++) {
      store.appendMessage(user(`${i} ${body}`));
      store.appendMessage(assistant(`${i} ${body}`));
    }
    store.close();
    const reopened = reopen(store.path!);
    expect(reopened.getEntries()).toHaveLength(20_000);
    const context = reopened.buildContext();
    expect(context.messages).toHaveLength(20_000);
    expect(context.messages.at(-1)?.role).toBe("assistant");
    // Appending to a big session writes one line, it does not rewrite the file.
    const before = statSync(store.path!).size;
    const line = JSON.stringify(reopened.appendMessage(user("one more")));
    expect(statSync(store.path!).size).toBe(before + Buffer.byteLength(line) + 1);
    reopened.close();
  });
});
