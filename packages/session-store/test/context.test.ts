import { COMPACTION_SUMMARY_PREFIX } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { SessionStore } from "../src/index.js";
import { assistant, tempDir, toolResult, unwrap, user } from "./helpers.js";

describe("002 §7.2 会话 — buildContext", () => {
  it("an empty session has no messages, no model and thinking off", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    expect(store.buildContext()).toEqual({ messages: [], entryIds: [], thinkingLevel: "off" });
    expect(store.getLeaf()).toBeUndefined();
  });

  it("model and thinking level are the latest on the branch", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    store.appendModelChange("anthropic", "claude-a");
    const thinking = store.appendThinkingLevelChange("high");
    store.appendMessage(user("hi"));
    store.appendModelChange("openai", "gpt-b");
    expect(store.buildContext().model).toEqual({ provider: "openai", modelId: "gpt-b" });
    expect(store.buildContext().thinkingLevel).toBe("high");
    // An assistant answer made with another model is what a resume continues with.
    store.appendMessage(assistant("answer", 0, "claude-c"));
    expect(store.buildContext().model).toEqual({ provider: "anthropic", modelId: "claude-c" });
    // Earlier on the branch, the earlier values.
    expect(store.buildContext(thinking.id)).toEqual({
      messages: [],
      entryIds: [],
      model: { provider: "anthropic", modelId: "claude-a" },
      thinkingLevel: "high",
    });
  });

  it("custom and unknown entries take no part in the context", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    store.appendMessage(user("a"));
    store.appendCustom("todo-state", { items: [1, 2] });
    store.appendMessage(user("b"));
    expect(store.buildContext().messages).toHaveLength(2);
  });
});

describe("002 §7.2 会话 — compaction then reload (压缩后重载恢复)", () => {
  function compactedSession(home: string) {
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: home }));
    store.appendMessage(user("old question"));
    store.appendMessage(assistant("old answer"));
    const kept = store.appendMessage(user("recent question"));
    store.appendMessage(assistant("recent answer"));
    store.appendMessage(toolResult("recent tool output"));
    const compaction = store.appendCompaction({
      summary: "## Goal\nShip it",
      firstKeptEntryId: kept.id,
      tokensBefore: 50_000,
      details: { readFiles: ["a.ts"], modifiedFiles: ["b.ts"] },
    });
    store.appendMessage(user("after compaction"));
    return { store, kept, compaction };
  }

  it("the context is the summary, the kept messages, then what came after", () => {
    const { store, kept, compaction } = compactedSession(tempDir());
    const context = store.buildContext();
    expect(context.messages).toHaveLength(5);
    const summary = context.messages[0]!;
    expect(summary.role).toBe("user");
    const text = JSON.stringify(summary.content);
    expect(text).toContain("## Goal");
    expect(text).toContain(JSON.stringify(COMPACTION_SUMMARY_PREFIX).slice(1, 30));
    expect(context.entryIds[0]).toBe(compaction.id);
    expect(context.entryIds[1]).toBe(kept.id);
    expect(context.messages.slice(1).map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "toolResult",
      "user",
    ]);
    store.close();
  });

  it("a reload gives exactly the same context and keeps the compaction details", () => {
    const { store, compaction } = compactedSession(tempDir());
    const before = store.buildContext();
    store.close();
    const reopened = unwrap(SessionStore.open(store.path!));
    expect(reopened.buildContext()).toEqual(before);
    const entry = reopened.getEntry(compaction.id);
    expect(entry?.type === "compaction" && entry.details).toEqual({
      readFiles: ["a.ts"],
      modifiedFiles: ["b.ts"],
    });
    reopened.close();
  });

  it("only the latest compaction on the branch counts", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    const a = store.appendMessage(user("a"));
    store.appendCompaction({ summary: "first", firstKeptEntryId: a.id, tokensBefore: 10 });
    const b = store.appendMessage(user("b"));
    store.appendCompaction({ summary: "second", firstKeptEntryId: b.id, tokensBefore: 20 });
    const messages = store.buildContext().messages;
    expect(messages).toHaveLength(2);
    expect(JSON.stringify(messages[0])).toContain("second");
    expect(JSON.stringify(messages[0])).not.toContain("first");
    expect(messages[1]?.content).toBe("b");
  });

  it("item 9: a compaction that cut a turn keeps the turn's request and the tail, not the middle", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    const request = store.appendMessage(user("read a then b"));
    store.appendMessage(assistant("reading a"));
    store.appendMessage(toolResult("content of a"));
    const tail = store.appendMessage(assistant("reading b"));
    store.appendMessage(toolResult("content of b"));
    const compaction = store.appendCompaction({
      summary: "s",
      turnStartEntryId: request.id,
      firstKeptEntryId: tail.id,
      tokensBefore: 10,
    });
    const context = store.buildContext();
    expect(JSON.stringify(context.messages)).not.toContain("content of a");
    expect(context.entryIds).toEqual([compaction.id, request.id, tail.id, context.entryIds[3]]);
    expect(context.messages[1]?.content).toBe("read a then b");
  });

  it("a compaction pointing at an entry that is not an entry is a caller bug (throws)", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    expect(() =>
      store.appendCompaction({ summary: "s", firstKeptEntryId: "ghost", tokensBefore: 1 }),
    ).toThrow(/firstKeptEntryId ghost/);
  });
});

describe("issue #5 — stats()", () => {
  it("counts entries, messages by role, tool calls, tokens and cost over all branches", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    const q = store.appendMessage(user("q"));
    const call = assistant("x", 0.25);
    call.content.push({ type: "toolCall", id: "c1", name: "bash", arguments: { command: "ls" } });
    store.appendMessage(call);
    store.appendMessage(toolResult("out"));
    unwrap(store.branch(q.id));
    store.appendMessage(assistant("y", 0.5));
    const stats = store.stats();
    expect(stats.entries).toBe(5);
    expect(stats.messages).toEqual({ user: 1, assistant: 2, toolResult: 1, total: 4 });
    expect(stats.toolCalls).toBe(1);
    expect(stats.tokens).toEqual({
      input: 200,
      output: 40,
      cacheRead: 10,
      cacheWrite: 0,
      total: 250,
    });
    expect(stats.cost).toBeCloseTo(0.75);
  });
});

describe("task — a subagent's usage counts in the session's totals", () => {
  it("a task result's data.usage adds to the tokens and cost; another tool's data.usage does not", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    store.appendMessage(assistant("x", 0.25));
    const usage = {
      input: 1000,
      output: 100,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 1100,
      cost: 2,
    };
    store.appendMessage({ ...toolResult("found it", { data: { usage } }), toolName: "task" });
    store.appendMessage(toolResult("out", { data: { usage } }));
    const stats = store.stats();
    expect(stats.tokens.input).toBe(1100);
    expect(stats.tokens.total).toBe(1225);
    expect(stats.cost).toBeCloseTo(2.25);
  });
});

describe("issue 35.13 — usage per model, subagents included", () => {
  it("each model's answers and subagent runs; a task result without a model counts under the model that called it", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    store.appendMessage(assistant("x", 0.25, "claude-a"));
    const usage = {
      input: 1000,
      output: 100,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 1100,
      cost: 2,
    };
    const task = (data: Record<string, unknown>) => ({
      ...toolResult("found it", { data }),
      toolName: "task",
    });
    store.appendMessage(task({ usage, model: "openai/gpt-b" }));
    store.appendMessage(task({ usage }));
    store.appendMessage(assistant("y", 0.5, "claude-a"));
    const { models, cost } = store.stats();
    expect(models.map((m) => m.model)).toEqual(["anthropic/claude-a", "openai/gpt-b"]);
    expect(models[0]).toMatchObject({
      answers: 2,
      input: 1200,
      subagents: { runs: 1, totalTokens: 1100, cost: 2 },
    });
    expect(models[0]!.cost).toBeCloseTo(2.75);
    expect(models[1]).toMatchObject({ answers: 0, input: 1000, cost: 2, subagents: { runs: 1 } });
    expect(models.reduce((sum, m) => sum + m.cost, 0)).toBeCloseTo(cost);
  });
});

describe("issue #5 — in-memory session (--no-session)", () => {
  it("has the same API and writes nothing", () => {
    const store = SessionStore.inMemory({ cwd: "/p" });
    expect(store.path).toBeUndefined();
    const a = store.appendMessage(user("a"));
    unwrap(store.setLabel(a.id, "x"));
    expect(store.getLeaf()?.id).toBe(a.id);
    store.close();
    expect(() => store.appendMessage(user("after close"))).toThrow(/closed/);
  });
});

describe("compaction — shortened kept messages (issue 34.5)", () => {
  it("the context uses a compaction's shortened copy of a kept result, also after a reload; the entry keeps the original", () => {
    const home = tempDir();
    const store = unwrap(SessionStore.create({ cwd: "/p", gongHome: home }));
    store.appendMessage(user("old question"));
    const kept = store.appendMessage(assistant("calls"));
    const big = store.appendMessage(toolResult("x".repeat(5000)));
    const short = toolResult("x… [cut to fit]");
    store.appendCompaction({
      summary: "## Goal\nShip it",
      firstKeptEntryId: kept.id,
      tokensBefore: 9_000,
      shortened: [{ entryId: big.id, message: short }],
    });
    store.appendMessage(user("after"));
    const before = store.buildContext();
    expect(store.getEntry(big.id)).toMatchObject({
      message: { content: [{ text: "x".repeat(5000) }] },
    });
    store.close();
    const reopened = unwrap(SessionStore.open(store.path!));
    for (const context of [before, reopened.buildContext()]) {
      expect(context.messages.map((m) => JSON.stringify(m.content))).toEqual([
        expect.stringContaining("Ship it"),
        JSON.stringify(assistant("calls").content),
        JSON.stringify(short.content),
        JSON.stringify(user("after").content),
      ]);
      expect(context.shortenedEntryIds).toEqual([big.id]);
    }
    reopened.close();
  });
});
