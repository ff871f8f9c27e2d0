import { readFileSync, statSync } from "node:fs";
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

describe("issue #5 / ARCHITECTURE §6 — spilled tool output stays small", () => {
  it("a toolResult stores the model-visible text and the truncation wrapper, not the blob", () => {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: tempDir() }));
    const wrapper = {
      status: "partial",
      data: {
        preview: "line 1\nline 2\n…",
        truncation: {
          total_lines: 500_000,
          total_bytes: 80_000_000,
          path: "/p/.tool-output/tool_20260101_000000_bash.json",
        },
        truncated: true,
      },
      text: "Output truncated: 500000 lines. Full output: /p/.tool-output/tool_20260101_000000_bash.json",
      stats: { time_ms: 12 },
      context: { cwd: "/p", params_input: { command: "big" } },
    };
    const entry = store.appendMessage(toolResult(wrapper.text, wrapper));
    store.close();
    expect(statSync(store.path!).size).toBeLessThan(2_000);
    const reopened = reopen(store.path!);
    const back = reopened.getEntry(entry.id);
    expect(
      back?.type === "message" && back.message.role === "toolResult" && back.message.details,
    ).toEqual(wrapper);
    expect(reopened.buildContext().messages[0]).toMatchObject({
      content: [{ type: "text", text: wrapper.text }],
    });
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
