import {
  type AssistantMessage,
  type Message,
  repairOrphanedToolCalls,
  type ToolResultMessage,
  transformMessages,
} from "@gong/llm";
import { describe, expect, it } from "vitest";
import { Agent, type AgentEvent, BUSY_MESSAGE } from "../src/index.js";
import { assistant, failed, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool, sleepTool, throwingTool } from "./helpers/tools.js";

const fastRetry = { retry: { baseDelayMs: 1, maxDelayMs: 20 } };

function record(agent: Agent) {
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  return events;
}

/** Every tool call of the request has exactly one result right after it, and no extra results. */
function expectWellPaired(messages: Message[]) {
  for (const [i, message] of messages.entries()) {
    if (message.role === "toolResult") {
      const owner = messages
        .slice(0, i)
        .reverse()
        .find((m) => m.role === "assistant") as AssistantMessage | undefined;
      expect(owner?.content.some((c) => c.type === "toolCall" && c.id === message.toolCallId)).toBe(
        true,
      );
    }
    if (message.role !== "assistant") continue;
    for (const call of message.content.filter((c) => c.type === "toolCall")) {
      const results = messages.filter(
        (m) => m.role === "toolResult" && m.toolCallId === (call as { id: string }).id,
      );
      expect(results).toHaveLength(1);
    }
  }
}

describe("J.9 Agent integration — 4. Pi bug regressions", () => {
  it("4.1 concurrent prompts: the second is rejected, state is not corrupted (Pi #403)", async () => {
    const model = mockModel([{ message: assistant([text("streaming…")]), chunkDelayMs: 20 }]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    const results = await Promise.allSettled([agent.prompt("first"), agent.prompt("second")]);
    expect(results[0]?.status).toBe("fulfilled");
    expect(results[1]).toMatchObject({ status: "rejected", reason: new Error(BUSY_MESSAGE) });
    expect(agent.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(agent.state.messages[0]).toMatchObject({ content: "first" });
  });

  it("4.2 orphaned tool results are repaired before the next request (Pi #1454/#1455)", async () => {
    const sleeper = sleepTool();
    const model = mockModel([
      assistant([
        toolCall("t1", "sleep", { ms: 1, tag: "quick" }),
        toolCall("t2", "sleep", { ms: 30_000 }),
      ]),
      assistant([text("fine")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, tools: [sleeper] });
    agent.subscribe((e) => {
      if (e.type === "tool_execution_start" && e.toolCallId === "t2")
        setTimeout(() => agent.abort(), 20);
    });
    await agent.prompt("two tools");
    // Someone (a session restore, say) also left a result whose call no longer exists.
    const orphan: ToolResultMessage = {
      role: "toolResult",
      toolCallId: "ghost",
      toolName: "sleep",
      content: [{ type: "text", text: "orphan" }],
      isError: false,
      timestamp: Date.now(),
    };
    agent.replaceMessages([...agent.state.messages, orphan]);
    await agent.prompt("next");
    // The orphan repair has one owner, llm's transformMessages, which every stream
    // applies: the request sent is the mock's request as that transform leaves it.
    const received = model.requests[1]!.messages;
    const sent = transformMessages(received, testModel);
    expect(sent.some((m) => m.role === "toolResult" && m.toolCallId === "ghost")).toBe(false);
    expectWellPaired(sent);
    // agent-core no longer repairs orphans first, and the request sent is unchanged by that.
    expect(sent).toEqual(transformMessages(repairOrphanedToolCalls(received), testModel));
  });

  it("4.3 HTTP 429 is retried with backoff and never compacts (Pi #1038)", async () => {
    const model = mockModel([
      failed("rate_limit", "429 Too Many Requests", { retryAfterMs: 5 }),
      assistant([text("ok after retry")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, settings: fastRetry });
    const events = record(agent);
    await agent.prompt("hi");
    const retry = events.find((e) => e.type === "retry");
    expect(retry).toMatchObject({ attempt: 1, errorKind: "rate_limit", delayMs: 5 });
    expect(events.some((e) => e.type === "compaction_start")).toBe(false);
    expect(agent.state.error).toBeUndefined();
    expect(agent.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(agent.state.messages[1]?.content).toEqual([text("ok after retry")]);
  });

  it("4.4 messages queued during compaction are delivered after it (Pi #1312)", async () => {
    let releaseSummary!: () => void;
    const summaryGate = new Promise<void>((resolve) => {
      releaseSummary = resolve;
    });
    const history: Message[] = [];
    for (let i = 0; i < 6; i++) {
      history.push({ role: "user", content: `question ${i} ${"x ".repeat(400)}`, timestamp: i });
      history.push(assistant([text(`answer ${i} ${"y ".repeat(400)}`)]));
    }
    const model = mockModel([
      async () => {
        await summaryGate;
        return assistant([text("## Goal\nanswer questions")]);
      },
      assistant([text("answer to the queued message")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: history,
      settings: { compaction: { keepRecentTokens: 200 } },
    });
    const compaction = agent.compact();
    const queued = agent.prompt("queued while compacting");
    await new Promise((r) => setTimeout(r, 20));
    expect(agent.state.isCompacting).toBe(true);
    expect(model.requests).toHaveLength(1);
    releaseSummary();
    const result = await compaction;
    await queued;
    expect(result.ok).toBe(true);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      content: "queued while compacting",
    });
    expect(agent.state.messages.at(-1)?.content).toEqual([text("answer to the queued message")]);
  });

  it("4.4b messages that arrive while the summary is written are kept after it (no orphan toolCall)", async () => {
    let releaseSummary!: () => void;
    const summaryGate = new Promise<void>((resolve) => {
      releaseSummary = resolve;
    });
    const history: Message[] = [];
    for (let i = 0; i < 6; i++) {
      history.push({ role: "user", content: `question ${i} ${"x ".repeat(400)}`, timestamp: i });
      history.push(assistant([text(`answer ${i} ${"y ".repeat(400)}`)]));
    }
    const model = mockModel([
      assistant([toolCall("slow-1", "sleep", { ms: 100 })]),
      async () => {
        await summaryGate;
        return assistant([text("## Goal\nanswer questions")]);
      },
      assistant([text("final answer")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [sleepTool()],
      messages: history,
      settings: { compaction: { keepRecentTokens: 200 } },
    });
    const toolStarted = new Promise<void>((resolve) => {
      agent.subscribe((e) => {
        if (e.type === "tool_execution_start") resolve();
      });
    });
    const run = agent.prompt("run the slow tool");
    await toolStarted;
    const compaction = agent.compact();
    // The tool result and the final answer arrive while the summary is still being written.
    await run;
    releaseSummary();
    const result = await compaction;

    expect(result.ok).toBe(true);
    const messages = agent.state.messages;
    expect(messages[0]?.content).toEqual([
      { type: "text", text: expect.stringContaining("answer questions") },
    ]);
    expect(messages.filter((m) => m.role === "toolResult").map((m) => m.toolCallId)).toEqual([
      "slow-1",
    ]);
    expect(messages.at(-1)?.content).toEqual([text("final answer")]);
    expectWellPaired(messages);
  });

  it("4.5 non-array content from the provider does not crash (Pi #1434)", async () => {
    const weird = assistant([]);
    (weird as unknown as { content: unknown }).content = "plain string content";
    const nullish = assistant([]);
    (nullish as unknown as { content: unknown }).content = null;
    const model = mockModel([weird, nullish]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    await agent.prompt("one");
    expect(agent.state.messages.at(-1)?.content).toEqual([text("plain string content")]);
    await agent.prompt("two");
    expect(agent.state.messages.at(-1)?.content).toEqual([]);
    expect(agent.state.error).toBeUndefined();
  });

  it("4.6 results of several tool calls stay bound to their own ids (Pi #1446)", async () => {
    const reader = sleepTool("read", true);
    const model = mockModel([
      assistant([
        toolCall("id_A", "read", { ms: 60, tag: "A" }),
        toolCall("id_B", "read", { ms: 30, tag: "B" }),
        toolCall("id_C", "read", { ms: 1, tag: "C" }),
      ]),
      assistant([text("all read")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [reader],
      settings: { parallelReadOnlyTools: true },
    });
    await agent.prompt("read A, B and C");
    // They really ran in parallel: C finished first.
    expect(reader.log.indexOf("end:C")).toBeLessThan(reader.log.indexOf("end:A"));
    const results = agent.state.messages.filter(
      (m) => m.role === "toolResult",
    ) as ToolResultMessage[];
    expect(results.map((r) => [r.toolCallId, (r.content[0] as { text: string }).text])).toEqual([
      ["id_A", "slept 60 A"],
      ["id_B", "slept 30 B"],
      ["id_C", "slept 1 C"],
    ]);
  });

  it("4.7 a retried run resolves only after its tools have finished (Pi #1465)", async () => {
    const sleeper = sleepTool();
    const model = mockModel([
      failed("overloaded", "529 overloaded"),
      assistant([toolCall("w1", "sleep", { ms: 80, tag: "work" })]),
      assistant([text("finished")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [sleeper],
      settings: fastRetry,
    });
    const events = record(agent);
    await agent.prompt("work");
    expect(sleeper.log).toEqual(["start:work", "end:work"]);
    expect(events.some((e) => e.type === "retry")).toBe(true);
    expect(agent.state.messages.at(-1)?.content).toEqual([text("finished")]);
    expect(agent.state.isStreaming).toBe(false);
  });
});

describe("J.9 Agent integration — 5. Error recovery and robustness", () => {
  it("5.1 a connection dropped mid-stream ends with an error, no hang, agent reusable", async () => {
    const dropped = failed("network", "socket hang up after 3 chunks");
    dropped.content = [text("partial ans")];
    const model = mockModel([dropped, assistant([text("recovered")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      settings: { retry: { maxRetries: 0 } },
    });
    await agent.prompt("hi");
    expect(agent.state.error).toContain("socket hang up");
    expect(agent.state.isStreaming).toBe(false);
    await agent.prompt("again");
    expect(agent.state.messages.at(-1)?.content).toEqual([text("recovered")]);
  });

  it("5.2 a malformed response gives a friendly error and the next prompt works", async () => {
    const model = mockModel([
      failed(
        "invalid_request",
        "Could not parse the provider's response: Unexpected end of JSON input",
      ),
      assistant([text("fine now")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    const events = record(agent);
    await agent.prompt("hi");
    expect(agent.state.error).toContain("Could not parse");
    expect(events.some((e) => e.type === "retry")).toBe(false);
    await agent.prompt("again");
    expect(agent.state.error).toBeUndefined();
  });

  it("5.3 a thinking-block structure error is repaired and retried, never compacted (Pi 7a896fd)", async () => {
    const thinking = assistant([text("earlier")]);
    thinking.content = [
      { type: "thinking", thinking: "let me think", thinkingSignature: "sig" },
      text("earlier"),
    ];
    const model = mockModel([
      failed(
        "invalid_request",
        "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`",
      ),
      assistant([text("ok")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: [{ role: "user", content: "before", timestamp: 1 }, thinking],
    });
    const events = record(agent);
    await agent.prompt("go on");
    expect(events.find((e) => e.type === "retry")).toMatchObject({ errorKind: "structure" });
    expect(events.some((e) => e.type === "compaction_start")).toBe(false);
    const repaired = model.requests[1]!.messages[1] as AssistantMessage;
    expect(repaired.content.some((c) => c.type === "thinking")).toBe(false);
    expect(agent.state.messages.at(-1)?.content).toEqual([text("ok")]);
  });

  it("5.4 a stalled stream times out with an error instead of waiting forever", async () => {
    const model = mockModel([
      failed("timeout", "No data from the provider for 30 seconds; the connection was closed."),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      settings: { streamIdleTimeoutMs: 30_000, retry: { maxRetries: 0 } },
    });
    await agent.prompt("hi");
    expect(model.options[0]?.idleTimeoutMs).toBe(30_000);
    expect(agent.state.error).toContain("No data from the provider");
    expect(agent.state.isStreaming).toBe(false);
  });

  it("5.5 a tool that throws becomes an error result and the loop goes on", async () => {
    const model = mockModel([
      assistant([toolCall("x1", "explode")]),
      assistant([toolCall("x2", "echo", { text: "still alive" })]),
      assistant([text("done")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [throwingTool(), echoTool()],
    });
    await agent.prompt("try");
    const results = agent.state.messages.filter(
      (m) => m.role === "toolResult",
    ) as ToolResultMessage[];
    expect(results[0]).toMatchObject({ toolCallId: "x1", isError: true });
    const first = results[0]!;
    expect((first.content[0] as { text: string }).text).toContain("file vanished");
    expect((first.details as { error: { code: string } }).error.code).toBe("INTERNAL_ERROR");
    expect(results[1]).toMatchObject({ toolCallId: "x2", isError: false });
    expect(agent.state.messages.at(-1)?.content).toEqual([text("done")]);
  });

  it("5.6 an invalid API key fails at once: no retry, no compaction", async () => {
    const model = mockModel([failed("auth", "401 invalid x-api-key")], assistant([text("never")]));
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, settings: fastRetry });
    const events = record(agent);
    await agent.prompt("hi");
    expect(model.requests).toHaveLength(1);
    expect(events.some((e) => e.type === "retry" || e.type === "compaction_start")).toBe(false);
    expect(agent.state.error).toContain("401 invalid x-api-key");
  });
});
