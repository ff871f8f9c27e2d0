import type { Message } from "@gong/llm";
import type { Tool } from "@gong/tools";
import { describe, expect, it } from "vitest";
import { DoomLoopGuard } from "../src/doom-loop.js";
import type { AgentEvent } from "../src/events.js";
import { foldHistory } from "../src/history.js";
import { HookRunner } from "../src/hooks/runner.js";
import { EventChannel } from "../src/loop/event-channel.js";
import { SKIPPED_FOR_STEERING } from "../src/loop/execute-tools.js";
import type { LoopContext, RunConfig, RunQueue } from "../src/loop/run-context.js";
import { type LoopOutcome, runLoop } from "../src/loop/run-loop.js";
import { RunSystemPrompt } from "../src/loop/run-system-prompt.js";
import { MetricsCollector } from "../src/observability/metrics.js";
import { startSpan } from "../src/observability/tracing.js";
import { resolveSettings } from "../src/settings.js";
import {
  assistant,
  type MockModel,
  mockModel,
  testModel,
  text,
  toolCall,
} from "./helpers/mock-stream.js";
import { echoTool } from "./helpers/tools.js";

const user = (content: string): Message => ({ role: "user", content, timestamp: 0 });

/** Everything a run is configured with, as plain data and a few functions: no `Agent`. */
function config(model: MockModel, tools: Tool[], queue: RunQueue): RunConfig {
  return {
    signal: new AbortController().signal,
    span: startSpan("test"),
    settings: resolveSettings({ compaction: { enabled: false } }),
    hooks: new HookRunner([], 1000, () => {}),
    metrics: new MetricsCollector(),
    doomLoop: new DoomLoopGuard(3),
    streamFn: model.streamFn,
    truncator: undefined,
    cwd: process.cwd(),
    projectRoot: process.cwd(),
    baseSystemPrompt: () => "base",
    contextTokens: () => 0,
    turnSetup: () => ({ model: testModel, tools, thinkingLevel: "off" }),
    streamOptions: async () => ({}),
    queue,
    compact: () => {
      throw new Error("compaction is off in these runs");
    },
  };
}

const emptyQueue = (): RunQueue => ({
  takeSteering: () => [],
  onSteer: () => () => {},
  takeFollowUps: () => [],
});

/** Drives the loop as the agent does: each event is folded before the loop goes on. */
async function drive(pending: Message[], runConfig: RunConfig) {
  let messages: Message[] = [];
  const context: LoopContext = {
    get messages() {
      return messages;
    },
    pending,
    systemPrompt: new RunSystemPrompt("base", "base", async (base) => base),
  };
  const events: AgentEvent[] = [];
  const loop = runLoop(context, runConfig);
  let outcome: LoopOutcome;
  for (;;) {
    const next = await loop.next();
    if (next.done) {
      outcome = next.value;
      break;
    }
    events.push(next.value);
    messages = foldHistory(messages, next.value);
  }
  return { events, messages, outcome };
}

/** Event types, with the role of a message event's message. */
const sequence = (events: AgentEvent[]) =>
  events
    .filter((e) => e.type !== "message_update")
    .map((e) =>
      e.type === "message_start" || e.type === "message_end"
        ? `${e.type}:${e.message.role}`
        : e.type,
    );

describe("runLoop is a generator of (context, config)", () => {
  it("a tool-call turn yields its events in order, and the next call reads the folded list", async () => {
    const model = mockModel([
      assistant([toolCall("c1", "echo", { text: "hi" })]),
      assistant([text("done")]),
    ]);
    const { events, messages, outcome } = await drive(
      [user("go")],
      config(model, [echoTool()], emptyQueue()),
    );
    expect(sequence(events)).toEqual([
      "turn_start",
      "message_start:user",
      "message_end:user",
      "message_start:assistant",
      "message_end:assistant",
      "tool_execution_start",
      "tool_execution_update",
      "tool_execution_end",
      "message_start:toolResult",
      "message_end:toolResult",
      "turn_end",
      "turn_start",
      "message_start:assistant",
      "message_end:assistant",
      "turn_end",
    ]);
    expect(events.some((e) => e.type === "message_update")).toBe(true);
    expect(model.requests[1]?.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "toolResult",
    ]);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    expect(outcome).toMatchObject({ turns: 2, aborted: false, error: undefined });
    expect(outcome.lastMessage?.content).toEqual([text("done")]);
  });

  it("stops at the queue's steering: the remaining call is skipped and the next turn announces it", async () => {
    const model = mockModel([
      assistant([toolCall("c1", "echo", { text: "a" }), toolCall("c2", "echo", { text: "b" })]),
      assistant([text("ok")]),
    ]);
    const steering = [user("stop, do this instead")];
    const queue: RunQueue = { ...emptyQueue(), takeSteering: () => steering.splice(0) };
    const { events, messages, outcome } = await drive(
      [user("go")],
      config(model, [echoTool()], queue),
    );

    const ends = events.filter((e) => e.type === "tool_execution_end");
    expect(ends.map((e) => [e.toolCallId, e.result.status])).toEqual([
      ["c1", "success"],
      ["c2", "error"],
    ]);
    expect(ends[1]?.result.text).toContain(SKIPPED_FOR_STEERING);
    const secondTurn = events.findIndex((e) => e.type === "turn_start" && e.turnIndex === 1);
    expect(events[secondTurn + 1]).toEqual({
      type: "message_start",
      message: user("stop, do this instead"),
    });
    expect(messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "toolResult",
      "toolResult",
      "user",
      "assistant",
    ]);
    expect(outcome.turns).toBe(2);
  });
});

describe("EventChannel — events pushed while the loop awaits work", () => {
  const warning = (message: string): AgentEvent => ({ type: "warning", message });

  async function drain<T>(events: AsyncGenerator<AgentEvent, T>) {
    const got: unknown[] = [];
    for (;;) {
      const next = await events.next();
      if (next.done) return [...got, next.value];
      got.push(next.value.type === "warning" ? next.value.message : next.value.type);
    }
  }

  it("yields every event pushed before the work settled, in order, then returns its result", async () => {
    const channel = new EventChannel();
    const work = Promise.resolve().then(() => {
      channel.push(warning("a"));
      channel.push(warning("b"));
      return 42;
    });
    expect(await drain(channel.until(work))).toEqual(["a", "b", 42]);
  });

  it("throws what the work threw, after the events pushed before", async () => {
    const channel = new EventChannel();
    const work = Promise.resolve().then(() => {
      channel.push(warning("a"));
      throw new Error("tool bug");
    });
    const got: unknown[] = [];
    const events = channel.until(work);
    await expect(
      (async () => {
        for (;;) {
          const next = await events.next();
          if (next.done) return;
          got.push(next.value.type);
        }
      })(),
    ).rejects.toThrow("tool bug");
    expect(got).toEqual(["warning"]);
  });
});

describe("runLoop — stopBeforeModelCall (the runtime's --max-turns / --max-budget-usd)", () => {
  it("a reason before a call ends the run there, cleanly: no call, no error, no abort", async () => {
    const model = mockModel([
      assistant([toolCall("c1", "echo", { text: "hi" })]),
      assistant([toolCall("c2", "echo", { text: "again" })]),
    ]);
    let calls = 0;
    const stop = () => (calls++ >= 1 ? "max_turns" : undefined);
    const runConfig = { ...config(model, [echoTool()], emptyQueue()), stopBeforeModelCall: stop };
    const { messages, outcome } = await drive([user("go")], runConfig);
    expect(model.requests).toHaveLength(1);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult"]);
    expect(outcome).toMatchObject({
      turns: 1,
      aborted: false,
      error: undefined,
      stopped: "max_turns",
    });
  });

  it("stopped before the first call, the prompt is still yielded (and so recorded)", async () => {
    const model = mockModel([assistant([text("never")])]);
    const runConfig = {
      ...config(model, [], emptyQueue()),
      stopBeforeModelCall: () => "max_budget",
    };
    const { messages, outcome } = await drive([user("go")], runConfig);
    expect(model.requests).toHaveLength(0);
    expect(messages.map((m) => m.role)).toEqual(["user"]);
    expect(outcome).toMatchObject({ turns: 0, stopped: "max_budget" });
  });
});
