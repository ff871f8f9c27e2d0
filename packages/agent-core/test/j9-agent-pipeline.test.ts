import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Context, ToolResultMessage } from "@gong/llm";
import { defineTool, failure, success, type Tool } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, type AgentEvent, BUSY_MESSAGE } from "../src/index.js";
import { SKIPPED_FOR_STEERING } from "../src/loop/execute-tools.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool, readFileTool, sleepTool } from "./helpers/tools.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-agent-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function lastToolResultText(context: Context): string {
  const result = [...context.messages].reverse().find((m) => m.role === "toolResult") as
    | ToolResultMessage
    | undefined;
  return result?.content.map((c) => (c.type === "text" ? c.text : "")).join("") ?? "";
}

function record(agent: Agent) {
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  return events;
}

describe("J.9 Agent integration — 1. Action pipeline", () => {
  it("1.1 smoke: a text prompt gets a text answer without errors", async () => {
    const model = mockModel([assistant([text("Hello there!")])]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, cwd: dir });
    const events = record(agent);
    await agent.prompt("Hi");
    const last = agent.state.messages.at(-1);
    expect(last?.role).toBe("assistant");
    expect(last?.content).toEqual([text("Hello there!")]);
    expect(agent.state.error).toBeUndefined();
    expect(agent.state.isStreaming).toBe(false);
    expect(events[0]?.type).toBe("agent_start");
    expect(events.at(-1)?.type).toBe("agent_end");
  });

  it("1.2 single tool call: read runs and its result reaches the model", async () => {
    await writeFile(path.join(dir, "test.txt"), "the secret is 42\n");
    const model = mockModel([
      assistant([toolCall("call_1", "read", { path: "test.txt" })]),
      (context) => assistant([text(`The file says: ${lastToolResultText(context)}`)]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
    });
    const events = record(agent);
    await agent.prompt("Read test.txt");
    const answer = agent.state.messages.at(-1);
    expect(JSON.stringify(answer?.content)).toContain("the secret is 42");
    const end = events.find((e) => e.type === "tool_execution_end");
    expect(end).toMatchObject({ toolCallId: "call_1", toolName: "read", isError: false });
    const result = agent.state.messages.find((m) => m.role === "toolResult") as ToolResultMessage;
    expect(result.details).toEqual(end?.type === "tool_execution_end" ? end.result : undefined);
    expect(result.content[0]).toEqual({ type: "text", text: "the secret is 42\n" });
  });

  it("1.3 several tools in a row each run correctly (test tools)", async () => {
    await writeFile(path.join(dir, "a.txt"), "alpha");
    const model = mockModel([
      assistant([toolCall("c1", "read", { path: "a.txt" })]),
      (context) => assistant([toolCall("c2", "echo", { text: `${lastToolResultText(context)}!` })]),
      (context) => assistant([text(`done: ${lastToolResultText(context)}`)]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool(), echoTool()],
    });
    await agent.prompt("read then echo");
    const results = agent.state.messages.filter(
      (m) => m.role === "toolResult",
    ) as ToolResultMessage[];
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["read", false],
      ["echo", false],
    ]);
    expect(agent.state.messages.at(-1)?.content).toEqual([text("done: alpha!")]);
  });

  it("1.4 steering interrupts a running tool and skips the remaining ones (test tools)", async () => {
    const sleeper = sleepTool();
    const model = mockModel([
      assistant([
        toolCall("s1", "sleep", { ms: 30_000, tag: "long" }),
        toolCall("s2", "sleep", { ms: 10, tag: "never" }),
      ]),
      (context) => assistant([text(`ok, ${JSON.stringify(context.messages.at(-1)?.content)}`)]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [sleeper],
    });
    agent.subscribe((e) => {
      if (e.type === "tool_execution_start" && e.toolCallId === "s1") {
        setTimeout(() => agent.steer("stop, do something else"), 20);
      }
    });
    const started = Date.now();
    await agent.prompt("sleep twice");
    expect(Date.now() - started).toBeLessThan(25_000); // well below the sleep's 30 s
    expect(sleeper.log).toEqual(["start:long", "end:long"]);
    const results = agent.state.messages.filter(
      (m) => m.role === "toolResult",
    ) as ToolResultMessage[];
    expect(results.map((r) => r.toolCallId)).toEqual(["s1", "s2"]);
    expect(results[0]?.isError).toBe(true);
    expect(results[1]?.content[0]).toMatchObject({
      text: expect.stringContaining(SKIPPED_FOR_STEERING),
    });
    // The steering message is delivered to the model right after the tool results.
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      role: "user",
      content: "stop, do something else",
    });
  });

  it("1.5 follow-up continues after the answer with the context kept", async () => {
    const model = mockModel([
      assistant([text("first answer")]),
      assistant([text("second answer")]),
    ]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, cwd: dir });
    agent.subscribe((e) => {
      if (e.type === "turn_start" && e.turnIndex === 0) agent.followUp("and then?");
    });
    await agent.prompt("start");
    expect(model.requests).toHaveLength(2);
    const roles = model.requests[1]?.messages.map((m) => m.role);
    expect(roles).toEqual(["user", "assistant", "user"]);
    expect(agent.state.messages.at(-1)?.content).toEqual([text("second answer")]);
  });

  it("1.6 abort stops the run and kills the tool's child process (test tools)", async () => {
    let childPid = 0;
    const spawner: Tool = defineTool({
      name: "spawn_sleep",
      label: "spawn",
      description: "spawns sleep 30",
      parameters: Type.Object({}),
      async execute(_params, context) {
        const child = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
        childPid = child.pid ?? 0;
        const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
        context.signal?.addEventListener("abort", () => process.kill(-childPid, "SIGKILL"));
        await exited;
        return context.signal?.aborted
          ? failure("ABORTED", "killed", { next: ["Run it again."] })
          : success({}, "done");
      },
    }) as unknown as Tool;
    const model = mockModel([
      assistant([toolCall("p1", "spawn_sleep"), toolCall("p2", "spawn_sleep")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [spawner],
    });
    agent.subscribe((e) => {
      if (e.type === "tool_execution_start" && e.toolCallId === "p1")
        setTimeout(() => agent.abort(), 50);
    });
    await agent.prompt("run it");
    expect(childPid).toBeGreaterThan(0);
    expect(() => process.kill(childPid, 0)).toThrow();
    expect(agent.state.isStreaming).toBe(false);
    expect(agent.state.pendingToolCalls.size).toBe(0);
    expect(model.requests).toHaveLength(1);
    const results = agent.state.messages.filter(
      (m) => m.role === "toolResult",
    ) as ToolResultMessage[];
    expect(results.map((r) => [r.toolCallId, r.isError])).toEqual([
      ["p1", true],
      ["p2", true],
    ]);
  });

  it("1.7 concurrency lock: a second prompt while running is rejected", async () => {
    const model = mockModel([{ message: assistant([text("slow answer")]), chunkDelayMs: 30 }]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn, cwd: dir });
    const first = agent.prompt("one");
    await expect(agent.prompt("two")).rejects.toThrow(BUSY_MESSAGE);
    await first;
    expect(model.requests).toHaveLength(1);
    expect(agent.state.messages.filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("1.8 tool results stay in the context of later prompts", async () => {
    await writeFile(path.join(dir, "notes.txt"), "remember: blue");
    const model = mockModel([
      assistant([toolCall("r1", "read", { path: "notes.txt" })]),
      assistant([text("read it")]),
      assistant([text("the colour is blue")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
    });
    await agent.prompt("read notes.txt");
    await agent.prompt("what colour?");
    const second = model.requests[2]!;
    const result = second.messages.find((m) => m.role === "toolResult") as ToolResultMessage;
    expect(result.toolCallId).toBe("r1");
    expect(result.content[0]).toMatchObject({ text: "remember: blue" });
    expect(second.messages.at(-1)).toMatchObject({ role: "user", content: "what colour?" });
  });
});

describe("J.9 Agent integration — 3. Routing", () => {
  it("3.1 events reach every subscriber in order (replaces Elixir signal routing)", async () => {
    const model = mockModel([
      assistant([toolCall("e1", "echo", { text: "x" })]),
      assistant([text("done")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [echoTool()],
    });
    const a: string[] = [];
    const b: string[] = [];
    const c: string[] = [];
    agent.subscribe((e) => a.push(e.type));
    agent.subscribe((e) => b.push(e.type));
    const unsubscribe = agent.subscribe((e) => c.push(e.type));
    unsubscribe();
    await agent.prompt("go");
    expect(a).toEqual(b);
    expect(c).toEqual([]);
    expect(a.filter((t) => !t.startsWith("message_update"))).toEqual([
      "agent_start",
      "turn_start",
      "message_start",
      "message_end",
      "message_start",
      "message_end",
      "tool_execution_start",
      "tool_execution_update",
      "tool_execution_end",
      "message_start",
      "message_end",
      "turn_end",
      "turn_start",
      "message_start",
      "message_end",
      "turn_end",
      "agent_end",
    ]);
    expect(a).toContain("message_update");
  });
});
