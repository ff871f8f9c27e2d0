import type { AssistantMessage, Message, ToolResultMessage, UserMessage } from "@gong/llm";
import { COMPACTION_SUMMARY_PREFIX, estimateTokens, extractCompactionSummary } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { explicitCutPoint, findCutPoint } from "../src/compaction/cut-point.js";
import { Agent, type AgentEvent, compactMessages } from "../src/index.js";
import { assistant, failed, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { readFileTool } from "./helpers/tools.js";

const user = (content: string, timestamp = 0): UserMessage => ({
  role: "user",
  content,
  timestamp,
});
const toolResult = (id: string, name: string, body: string): ToolResultMessage => ({
  role: "toolResult",
  toolCallId: id,
  toolName: name,
  content: [{ type: "text", text: body }],
  isError: false,
  timestamp: 0,
});

/** `pairs` user/assistant exchanges of about `words` words each. */
function conversation(pairs: number, words = 100): Message[] {
  const messages: Message[] = [];
  for (let i = 0; i < pairs; i++) {
    messages.push(user(`question ${i} ${"word ".repeat(words)}`, i));
    messages.push(
      assistant([text(`answer ${i} ${"word ".repeat(words)}`)], { input: 0, output: 0 }),
    );
  }
  return messages;
}

const SUMMARY = "## Goal\nShip the feature\n\n## Next Steps\n1. Run the tests";

describe("J.12 Compaction — 1. Token estimate", () => {
  it("1.1 mixed Chinese and English: CJK ≈ 2 tokens per character, words ≈ 1.3", () => {
    const tokens = estimateTokens([user("Hello 你好 World 世界")]);
    // 2 words × 1.3 + 4 CJK × 2 = 10.6 (+ per-message overhead of 4).
    const expected = 2 * 1.3 + 4 * 2 + 4;
    expect(Math.abs(tokens - expected) / expected).toBeLessThan(0.2);
  });

  it("1.2 an empty message list is 0 tokens", () => {
    expect(estimateTokens([])).toBe(0);
  });
});

describe("J.12 Compaction — 2. Window and what is kept", () => {
  it("2.1 under the threshold nothing is compacted and the LLM is not called", async () => {
    const model = mockModel([assistant([text(SUMMARY)])]);
    const messages = conversation(5, 10);
    const result = await compactMessages({
      messages,
      model: testModel,
      streamFn: model.streamFn,
      maxTokens: 100_000,
    });
    expect(result).toBeUndefined();
    expect(model.requests).toHaveLength(0);
  });

  it("2.2 over the threshold: the recent messages are kept, the older ones summarised", async () => {
    const model = mockModel([assistant([text(SUMMARY)])]);
    const messages = conversation(25, 100); // 50 messages of ~134 tokens each
    const result = await compactMessages({
      messages,
      model: testModel,
      streamFn: model.streamFn,
      maxTokens: 1000,
      keepRecentTokens: estimateTokens(messages.slice(30)),
    });
    expect(result).toBeDefined();
    expect(result!.firstKeptIndex).toBe(30);
    expect(result!.messages).toHaveLength(21);
    expect(result!.messages.slice(1)).toEqual(messages.slice(30));
    expect(extractCompactionSummary(result!.messages[0]!)).toContain("Ship the feature");
    // The summariser saw the 30 old messages and the structured instructions.
    const request = JSON.stringify(model.requests[0]?.messages);
    expect(request).toContain("question 0 ");
    expect(request).not.toContain("question 15 ");
    for (const heading of [
      "Goal",
      "Constraints & Preferences",
      "Progress",
      "Key Decisions",
      "Next Steps",
      "Critical Context",
    ]) {
      expect(request).toContain(`## ${heading}`);
    }
    expect(result!.tokensAfter).toBeLessThan(result!.tokensBefore);
  });

  it("2.3 the system prompt is never summarised and stays first", async () => {
    const model = mockModel([assistant([text(SUMMARY)])], assistant([text("answer")]));
    const history = conversation(10, 100);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      systemPrompt: "SYSTEM: follow AGENTS.md",
      messages: history,
      settings: { compaction: { keepRecentTokens: 300 } },
    });
    const result = await agent.compact();
    expect(result.ok).toBe(true);
    expect(agent.state.systemPrompt).toBe("SYSTEM: follow AGENTS.md");
    expect(JSON.stringify(model.requests[0]?.messages)).not.toContain("SYSTEM: follow AGENTS.md");
    await agent.prompt("continue");
    expect(model.requests[1]?.systemPrompt).toBe("SYSTEM: follow AGENTS.md");
    expect(extractCompactionSummary(model.requests[1]!.messages[0]!)).toContain("Ship the feature");
  });

  it("2.4 the cut never separates a tool call from its result", () => {
    const messages: Message[] = [
      user("start"),
      assistant([toolCall("t1", "read", { path: "a.ts" })]),
      toolResult("t1", "read", "x ".repeat(500)),
      assistant([toolCall("t2", "read", { path: "b.ts" })]),
      toolResult("t2", "read", "y ".repeat(50)),
      assistant([text("done")]),
    ];
    const cut = findCutPoint(messages, 60);
    expect(messages[cut]?.role).not.toBe("toolResult");
    expect(cut).toBe(3);
  });

  it("2.4b an explicit compaction inside the window cuts before the last user turn, else inside it (issue 22.4)", () => {
    expect(explicitCutPoint(conversation(3, 5), 0)).toBe(4);
    const oneTurn: Message[] = [
      user("start"),
      assistant([toolCall("t1", "read", { path: "a.ts" })]),
      toolResult("t1", "read", "a"),
      assistant([text("done")]),
    ];
    expect(explicitCutPoint(oneTurn, 0)).toBe(3);
    expect(explicitCutPoint(conversation(1, 5), 0)).toBe(0);
  });

  it("2.5 split turn: the last user message survives verbatim, files are listed", async () => {
    const model = mockModel([assistant([text(SUMMARY)])]);
    const messages: Message[] = [
      user("old request"),
      assistant([text("old answer")]),
      user("refactor the parser please"),
      assistant([toolCall("t1", "edit", { path: "src/parser.ts", oldText: "a", newText: "b" })]),
      toolResult("t1", "edit", "Successfully replaced"),
      assistant([toolCall("t2", "read", { path: "src/lexer.ts" })]),
      toolResult("t2", "read", "lexer ".repeat(400)),
      assistant([text("edited")]),
    ];
    const result = await compactMessages({
      messages,
      model: testModel,
      streamFn: model.streamFn,
      keepRecentTokens: 30,
    });
    expect(result!.firstKeptIndex).toBe(5);
    expect(result!.splitTurn).toBe(true);
    expect(result!.messages[1]).toEqual(messages[2]);
    expect(result!.messages.slice(2)).toEqual(messages.slice(5));
    expect(result!.summary).toContain("<modified-files>\nsrc/parser.ts\n</modified-files>");
    expect(result!.modifiedFiles).toEqual(["src/parser.ts"]);
    expect(JSON.stringify(model.requests[0]?.messages)).toContain("beginning of a turn");
  });

  it("2.6 a second compaction updates the previous summary incrementally", async () => {
    const model = mockModel([
      assistant([text(SUMMARY)]),
      assistant([text("## Goal\nShip the feature v2")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: conversation(6, 100),
      settings: { compaction: { keepRecentTokens: 200 } },
    });
    expect((await agent.compact()).ok).toBe(true);
    agent.replaceMessages([...agent.state.messages, ...conversation(4, 100)]);
    expect((await agent.compact()).ok).toBe(true);
    const second = JSON.stringify(model.requests[1]?.messages);
    expect(second).toContain("<previous-summary>");
    expect(second).toContain("Ship the feature");
    expect(extractCompactionSummary(agent.state.messages[0]!)).toContain("v2");
    expect(
      agent.state.messages.filter((m) => extractCompactionSummary(m) !== undefined),
    ).toHaveLength(1);
  });
});

describe("J.12 Compaction — 3. Fallback and protection", () => {
  it("3.1 the summary call fails (400 too long): old tool outputs become stubs, no loop", async () => {
    const model = mockModel([
      failed("overflow", "400 prompt is too long: 250000 tokens > 200000 maximum"),
    ]);
    const messages: Message[] = [
      user("look at the logs"),
      assistant([toolCall("t1", "read", { path: "huge.log" })]),
      toolResult("t1", "read", "log line\n".repeat(3000)),
      assistant([text("seen")]),
      ...conversation(3, 60),
    ];
    const result = await compactMessages({
      messages,
      model: testModel,
      streamFn: model.streamFn,
      keepRecentTokens: 300,
    });
    expect(model.requests).toHaveLength(1);
    expect(result!.fallback).toBe(true);
    expect(result!.messages).toHaveLength(messages.length);
    const stub = result!.messages[2] as ToolResultMessage;
    expect((stub.content[0] as { text: string }).text).toMatch(
      /^\[Old read output \(\d+ characters\) was removed/,
    );
    expect(result!.tokensAfter).toBeLessThan(result!.tokensBefore / 2);
  });

  it("3.1b an overflow whose compaction also fails ends with an error, after one retry at most", async () => {
    const small = { ...testModel, contextWindow: 50_000 };
    const model = mockModel(
      [
        failed("overflow", "prompt is too long"),
        failed("overflow", "summary too long"),
        failed("overflow", "prompt is too long"),
      ],
      assistant([text("should not be reached")]),
    );
    const history: Message[] = [
      user("read it"),
      assistant([toolCall("t1", "read", { path: "x" })]),
      toolResult("t1", "read", "data ".repeat(5000)),
      assistant([text("ok")]),
    ];
    const agent = new Agent({
      model: small,
      streamFn: model.streamFn,
      messages: history,
      settings: { compaction: { keepRecentTokens: 50 } },
    });
    const events: AgentEvent[] = [];
    agent.subscribe((e) => events.push(e));
    await agent.prompt("again");
    expect(model.requests).toHaveLength(3); // request, summary, one retry
    expect(events.filter((e) => e.type === "compaction_start")).toHaveLength(1);
    expect(agent.state.error).toContain("still too large");
  });

  it("3.2 a second compaction while one runs gets compaction_in_progress", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const model = mockModel([
      async () => {
        await gate;
        return assistant([text(SUMMARY)]);
      },
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: conversation(6, 100),
      settings: { compaction: { keepRecentTokens: 200 } },
    });
    const first = agent.compact();
    const second = await agent.compact();
    expect(second).toMatchObject({ ok: false, error: "compaction_in_progress" });
    release();
    expect((await first).ok).toBe(true);
    expect(model.requests).toHaveLength(1);
  });

  it("3.3 the compaction result is published for the session store", async () => {
    const model = mockModel([assistant([text(SUMMARY)])]);
    const history = conversation(6, 100);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: history,
      settings: { compaction: { keepRecentTokens: 200 } },
    });
    const events: AgentEvent[] = [];
    agent.subscribe((e) => events.push(e));
    await agent.compact();
    // The summary call's output fits the reserve (80 % of 16 384) and the model's limit.
    expect(model.options[0]?.maxTokens).toBe(Math.min(testModel.maxTokens, 13_107));
    const end = events.find((e) => e.type === "compaction_end");
    expect(events[0]).toMatchObject({ type: "compaction_start", reason: "manual" });
    expect(end?.type === "compaction_end" && end.result).toMatchObject({
      summary: expect.stringContaining("Ship the feature"),
      firstKeptIndex: expect.any(Number),
      tokensBefore: expect.any(Number),
    });
    const result = end?.type === "compaction_end" ? end.result : undefined;
    expect(agent.state.messages.slice(1)).toEqual(history.slice(result!.firstKeptIndex));
  });
});

describe("Compaction in the loop (ARCHITECTURE §5)", () => {
  it("the threshold is checked between the tool turns of one run", async () => {
    const small = { ...testModel, contextWindow: 3000 };
    const model = mockModel([
      assistant([toolCall("t1", "read", { path: "big.txt" })], { input: 500 }),
      assistant([text(SUMMARY)]), // the summary call, between the turns
      assistant([text("done")]),
    ]);
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = await mkdtemp(path.join(tmpdir(), "gong-compact-"));
    await writeFile(path.join(dir, "big.txt"), "data ".repeat(2500));
    const agent = new Agent({
      model: small,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
      messages: conversation(3, 50),
      settings: { compaction: { reserveTokens: 500, keepRecentTokens: 1500 } },
    });
    const events: AgentEvent[] = [];
    agent.subscribe((e) => events.push(e));
    await agent.prompt("read big.txt");
    expect(events.find((e) => e.type === "compaction_start")).toMatchObject({
      reason: "threshold",
    });
    expect(model.requests[1]?.systemPrompt).toContain("summarization");
    // The final request has the summary and still has the pending tool call with its result.
    const last = model.requests[2]!;
    expect(extractCompactionSummary(last.messages[0]!)).toBeDefined();
    expect(last.messages.some((m) => m.role === "toolResult" && m.toolCallId === "t1")).toBe(true);
    expect(agent.state.messages.at(-1)?.content).toEqual([text("done")]);
  });

  it("nothing old enough to compact: no hooks asked, no events, the call goes ahead", async () => {
    const small = { ...testModel, contextWindow: 1000 };
    const model = mockModel([assistant([text("fine")])]);
    const ops: string[] = [];
    const agent = new Agent({
      model: small,
      streamFn: model.streamFn,
      settings: { compaction: { reserveTokens: 100, keepRecentTokens: 20_000 } },
      hooks: [{ beforeSessionOp: (op) => void ops.push(op) }],
    });
    const events: AgentEvent[] = [];
    agent.subscribe((e) => events.push(e));
    await agent.prompt(`huge ${"word ".repeat(2000)}`);
    expect(ops).toEqual([]);
    expect(events.some((e) => e.type === "compaction_start" || e.type === "compaction_end")).toBe(
      false,
    );
    expect(agent.state.messages.at(-1)?.content).toEqual([text("fine")]);
  });

  it("autoCompaction off: an overflow ends with an error that suggests compacting", async () => {
    const model = mockModel([failed("overflow", "prompt is too long")]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      settings: { compaction: { enabled: false } },
    });
    await agent.prompt("hi");
    expect(model.requests).toHaveLength(1);
    expect(agent.state.error).toContain("compact the session or start a new one");
  });

  it("an overflow error compacts and retries the request once", async () => {
    const model = mockModel([
      failed("overflow", "prompt is too long"),
      assistant([text(SUMMARY)]),
      assistant([text("answer after compaction")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: conversation(6, 100),
      settings: { compaction: { keepRecentTokens: 200 } },
    });
    await agent.prompt("go");
    expect(model.requests).toHaveLength(3);
    expect(agent.state.error).toBeUndefined();
    expect(agent.state.messages.at(-1)?.content).toEqual([text("answer after compaction")]);
    const lastUser = agent.state.messages.filter((m) => m.role === "user").at(-1);
    expect(lastUser?.content).toBe("go");
    expect(agent.state.messages.some((m) => (m as AssistantMessage).stopReason === "error")).toBe(
      false,
    );
  });
});

describe("bad input — a silent overflow compacts before the next call (ARCHITECTURE §4)", () => {
  /** The provider answers normally but reports more input than the window holds (z.ai). */
  const silentlyOverflowing = () =>
    assistant([toolCall("t1", "read", { path: "notes.txt" })], { input: 9_000 });

  async function agentWith(model: ReturnType<typeof mockModel>, enabled: boolean) {
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const dir = await mkdtemp(path.join(tmpdir(), "gong-silent-"));
    await writeFile(path.join(dir, "notes.txt"), "short notes");
    const agent = new Agent({
      // The history is estimated at ~1 600 tokens: only the provider's usage says it is too big.
      model: { ...testModel, contextWindow: 8_000 },
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
      messages: conversation(6, 100),
      settings: { compaction: { enabled, reserveTokens: 1_000, keepRecentTokens: 200 } },
    });
    const events: AgentEvent[] = [];
    agent.subscribe((e) => events.push(e));
    return { agent, events };
  }

  it("usage above the context window without an error compacts (reason overflow) before the next call", async () => {
    const model = mockModel([
      silentlyOverflowing(),
      assistant([text(SUMMARY)]),
      assistant([text("done")]),
    ]);
    const { agent, events } = await agentWith(model, true);
    await agent.prompt("read notes.txt");
    expect(events.find((e) => e.type === "compaction_start")).toMatchObject({
      reason: "overflow",
    });
    expect(model.requests[1]?.systemPrompt).toContain("summarization");
    const next = model.requests[2]!;
    expect(extractCompactionSummary(next.messages[0]!)).toBeDefined();
    expect(JSON.stringify(next.messages)).not.toContain("question 0 ");
    expect(agent.state.messages.at(-1)?.content).toEqual([text("done")]);
  });

  it("autoCompaction off: no compaction, a warning that suggests /compact", async () => {
    const model = mockModel([silentlyOverflowing(), assistant([text("done")])]);
    const { agent, events } = await agentWith(model, false);
    await agent.prompt("read notes.txt");
    expect(events.some((e) => e.type === "compaction_start")).toBe(false);
    expect(model.requests).toHaveLength(2);
    const warnings = events.filter((e) => e.type === "warning");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      message: expect.stringMatching(/9000 input tokens.*8000.*\/compact/s),
    });
  });
});

describe("item 9 — a resumed context is measured afresh", () => {
  it("usage of messages kept from before a restored summary does not compact again", async () => {
    const model = mockModel([assistant([text("next answer")])], assistant([text(SUMMARY)]));
    const restored: Message[] = [
      user(`${COMPACTION_SUMMARY_PREFIX}\n\n<summary>\n## Goal\nShip it\n</summary>`),
      user("the request"),
      // Answered in the context before the compaction: 190k of a 200k window.
      assistant([text("kept answer")], { input: 190_000 }),
    ];
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: restored,
      settings: { compaction: { keepRecentTokens: 1 } },
    });
    await agent.prompt("next");
    expect(model.requests).toHaveLength(1);
    expect(JSON.stringify(model.requests[0]?.messages)).toContain("kept answer");
  });
});
