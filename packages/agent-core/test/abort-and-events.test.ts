import type { AssistantMessage } from "@gong/llm";
import { describe, expect, it } from "vitest";
import { Agent, type AgentEvent } from "../src/index.js";
import { assistant, failed, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool } from "./helpers/tools.js";

function record(agent: Agent) {
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  return events;
}

describe("seed 002 §2.4 — partial message on abort", () => {
  it("an aborted answer with text is kept (stopReason aborted)", async () => {
    const model = mockModel([
      { message: assistant([text("first part of a long answer")]), chunkDelayMs: 30 },
      assistant([text("next")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    agent.subscribe((e) => {
      if (e.type === "message_update") agent.abort();
    });
    await agent.prompt("talk");
    const last = agent.state.messages.at(-1) as AssistantMessage;
    expect(last.role).toBe("assistant");
    expect(last.stopReason).toBe("aborted");
    expect(last.content).toEqual([text("first part of ")]); // the first streamed half
    expect(agent.state.error).toBeUndefined();
    expect(agent.state.isStreaming).toBe(false);
  });

  it("abort while input hooks run: busy from the start, no LLM call", async () => {
    const model = mockModel([assistant([text("never")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      hooks: [
        { onInput: () => new Promise((resolve) => setTimeout(() => resolve(undefined), 50)) },
      ],
    });
    const running = agent.prompt("hi");
    expect(agent.state.isStreaming).toBe(true);
    agent.abort();
    await running;
    expect(model.requests).toHaveLength(0);
    expect(agent.state.isStreaming).toBe(false);
    expect(agent.state.messages).toEqual([]);
  });

  it("an aborted answer without content is dropped", async () => {
    const model = mockModel([{ message: assistant([text("never shown")]), chunkDelayMs: 200 }]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    const events = record(agent);
    agent.subscribe((e) => {
      if (e.type === "message_start" && e.message.role === "assistant") agent.abort();
    });
    await agent.prompt("talk");
    expect(agent.state.messages.map((m) => m.role)).toEqual(["user"]);
    const end = events.find((e) => e.type === "message_end" && e.message.role === "assistant");
    expect(end).toMatchObject({ discarded: true });
  });
});

describe("seed 002 §2.2 — steering and continue", () => {
  it("a message steered while the model streams text is answered in the next turn", async () => {
    const model = mockModel([
      { message: assistant([text("a slow first answer")]), chunkDelayMs: 20 },
      assistant([text("answer to the interruption")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    let steered = false;
    agent.subscribe((e) => {
      if (e.type === "message_update" && !steered) {
        steered = true;
        agent.steer("wait, one more thing");
      }
    });
    await agent.prompt("hello");
    expect(agent.state.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(agent.state.messages[2]).toMatchObject({ content: "wait, one more thing" });
    expect(agent.state.messages[3]?.content).toEqual([text("answer to the interruption")]);
  });

  it("continue() runs again from the current context after an error", async () => {
    const model = mockModel([
      failed("invalid_request", "bad request"),
      assistant([text("second time lucky")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    await agent.prompt("hi");
    expect(agent.state.error).toContain("bad request");
    await agent.continue();
    expect(agent.state.error).toBeUndefined();
    expect(agent.state.messages.at(-1)?.content).toEqual([text("second time lucky")]);
    // The failed attempt is not sent back to the model.
    expect(model.requests[1]?.messages.map((m) => m.role)).toEqual(["user"]);
  });
});

describe("Events for persistence and UIs", () => {
  it("a retried attempt ends with discarded: true; kept messages have one message_end each", async () => {
    const model = mockModel([failed("overloaded", "529"), assistant([text("ok")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      settings: { retry: { baseDelayMs: 1 } },
    });
    const events = record(agent);
    await agent.prompt("hi");
    const ends = events.filter((e) => e.type === "message_end");
    const kept = ends
      .filter((e) => e.type === "message_end" && !e.discarded)
      .map((e) => (e as { message: unknown }).message);
    expect(kept).toEqual(agent.state.messages);
    expect(ends.filter((e) => e.type === "message_end" && e.discarded)).toHaveLength(1);
    const starts = events.filter((e) => e.type === "message_start").length;
    expect(starts).toBe(ends.length);
  });

  it("the final error message carries the advice in the event too", async () => {
    const model = mockModel([failed("overflow", "prompt is too long")]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      settings: { compaction: { enabled: false } },
    });
    const events = record(agent);
    await agent.prompt("hi");
    const end = events.findLast((e) => e.type === "message_end");
    expect(end?.type === "message_end" && (end.message as AssistantMessage).errorMessage).toContain(
      "Auto-compaction is off",
    );
  });

  it("hook_error events reach notify hooks too", async () => {
    const seen: string[] = [];
    const model = mockModel([assistant([text("ok")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [echoTool()],
      hooks: [
        {
          name: "bad-input",
          onInput: () => {
            throw new Error("nope");
          },
        },
        { onEvent: (e) => void (e.type === "hook_error" && seen.push(e.hookName)) },
      ],
    });
    await agent.prompt("hi");
    await agent.waitForIdle();
    expect(seen).toEqual(["bad-input"]);
  });
});

describe("data loss — finished message on disk before tools run", () => {
  it("every kept message is in the state at its message_end, the assistant turn before its tools run", async () => {
    const model = mockModel([
      assistant([toolCall("call_1", "echo", { text: "hi" })], { stopReason: "toolUse" }),
      assistant([text("done")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, tools: [echoTool()] });
    const atEnd: string[] = [];
    agent.subscribe((e) => {
      if (e.type === "message_end" && !e.discarded) {
        const inState = agent.state.messages.at(-1) === e.message;
        atEnd.push(inState ? e.message.role : `${e.message.role} (not in the state yet)`);
      }
      if (e.type === "tool_execution_start") atEnd.push("tool runs");
    });
    await agent.prompt("echo hi");
    expect(atEnd).toEqual(["user", "assistant", "tool runs", "toolResult", "assistant"]);
    expect(agent.state.messages).toHaveLength(4);
  });
});
