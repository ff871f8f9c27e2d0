import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Message } from "@gong/llm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, type AgentEvent } from "../src/index.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool, readFileTool } from "./helpers/tools.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-hooks-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

import { collect, echoOnce, resultOf, resultText } from "./helpers/hook-agent.js";

describe("J.10 Hooks — 1. Notify hooks", () => {
  it("1.1 tool execution notifies hooks with the tool name and result", async () => {
    await writeFile(path.join(dir, "f.txt"), "content");
    const seen: AgentEvent[] = [];
    const model = mockModel([
      assistant([toolCall("r", "read", { path: "f.txt" })]),
      assistant([text("ok")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
      hooks: [{ onEvent: (e) => void seen.push(e) }],
    });
    await agent.prompt("read");
    await agent.waitForIdle();
    const end = seen.find((e) => e.type === "tool_execution_end");
    expect(end).toMatchObject({ toolName: "read", isError: false, result: { text: "content" } });
  });

  it("1.2 agent lifecycle events arrive in order; end has duration and turns", async () => {
    const types: string[] = [];
    let end: AgentEvent | undefined;
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce().streamFn,
      tools: [echoTool()],
      hooks: [
        {
          onEvent: (e) => {
            types.push(e.type);
            if (e.type === "agent_end") end = e;
          },
        },
      ],
    });
    await agent.prompt("go");
    await agent.waitForIdle();
    expect(types[0]).toBe("agent_start");
    expect(types.at(-1)).toBe("agent_end");
    expect(end).toMatchObject({ turns: 2, durationMs: expect.any(Number) });
  });

  it("1.3 turn_end lists the turn's tool calls", async () => {
    const turnEnds: AgentEvent[] = [];
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("x").streamFn,
      tools: [echoTool()],
      hooks: [{ onEvent: (e) => void (e.type === "turn_end" && turnEnds.push(e)) }],
    });
    await agent.prompt("go");
    await agent.waitForIdle();
    expect(turnEnds[0]).toMatchObject({
      toolCalls: [{ id: "c1", name: "echo", arguments: { text: "x" } }],
    });
    expect(turnEnds[1]).toMatchObject({ toolCalls: [] });
  });
});

describe("J.10 Hooks — 2. Gate hooks", () => {
  it("2.1 beforeToolCall returning ok lets the tool run", async () => {
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("allowed").streamFn,
      tools: [echoTool()],
      hooks: [{ beforeToolCall: () => "ok" }],
    });
    await agent.prompt("go");
    expect(resultOf(agent).isError).toBe(false);
    expect(resultText(agent)).toBe("allowed");
  });

  it("2.2 beforeToolCall block: the tool does not run, the model gets the reason", async () => {
    let ran = false;
    const tool = echoTool();
    const original = tool.execute;
    tool.execute = async (params, context) => {
      ran = true;
      return original(params, context);
    };
    const model = echoOnce();
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [tool],
      hooks: [
        {
          name: "safety",
          beforeToolCall: (name) => (name === "echo" ? { block: "needs confirmation" } : "ok"),
        },
      ],
    });
    await agent.prompt("go");
    expect(ran).toBe(false);
    const result = resultOf(agent);
    expect(result.isError).toBe(true);
    expect(resultText(agent)).toContain("Blocked by hook safety: needs confirmation");
    expect((result.details as { error: { code: string } }).error.code).toBe("BLOCKED");
    expect(JSON.stringify(model.requests[1]?.messages)).toContain("needs confirmation");
  });

  it("2.3 chain: the first allows, the second blocks, the third is not asked", async () => {
    const asked: string[] = [];
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce().streamFn,
      tools: [echoTool()],
      hooks: [
        { name: "a", beforeToolCall: () => void asked.push("a") },
        {
          name: "b",
          beforeToolCall: () => {
            asked.push("b");
            return { block: "forbidden" };
          },
        },
        { name: "c", beforeToolCall: () => void asked.push("c") },
      ],
    });
    await agent.prompt("go");
    expect(asked).toEqual(["a", "b"]);
    expect(resultText(agent)).toContain("forbidden");
  });

  it("2.4 beforeSessionOp cancel stops an automatic compaction; state unchanged", async () => {
    const small = { ...testModel, contextWindow: 1000 };
    const history: Message[] = [
      { role: "user", content: "a ".repeat(600), timestamp: 1 },
      assistant([text("b ".repeat(600))], { input: 1500 }),
    ];
    const model = mockModel([assistant([text("answer")])]);
    const ops: string[] = [];
    const agent = new Agent({
      model: small,
      streamFn: model.streamFn,
      messages: history,
      settings: { compaction: { reserveTokens: 100, keepRecentTokens: 10 } },
      hooks: [
        {
          beforeSessionOp: (op) => {
            ops.push(op);
            return "cancel";
          },
        },
      ],
    });
    const events = collect(agent);
    await agent.prompt("next");
    expect(ops).toEqual(["compact"]);
    expect(events.some((e) => e.type === "compaction_start")).toBe(false);
    expect(events.find((e) => e.type === "compaction_end")).toMatchObject({ cancelled: true });
    expect(agent.state.messages.slice(0, 2)).toEqual(history);
    expect(model.requests).toHaveLength(1); // no summary call
  });
});

describe("J.10 Hooks — 3. Transform hooks", () => {
  it("3.1 onToolResult redacts a secret before the model sees it", async () => {
    await writeFile(path.join(dir, ".env"), "API_KEY=sk-123456\n");
    const model = mockModel([
      assistant([toolCall("r", "read", { path: ".env" })]),
      assistant([text("ok")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: [readFileTool()],
      hooks: [
        { onToolResult: (_n, r) => ({ ...r, text: r.text.replace(/sk-\w+/g, "[REDACTED]") }) },
      ],
    });
    await agent.prompt("read .env");
    const result = model.requests[1]?.messages.find((m) => m.role === "toolResult");
    const sent = JSON.stringify(result?.content);
    expect(sent).toContain("API_KEY=[REDACTED]");
    expect(sent).not.toContain("sk-123456");
  });

  it("3.2 onToolResult hooks are chained in order (Pi #1280)", async () => {
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("out").streamFn,
      tools: [echoTool()],
      hooks: [
        { onToolResult: (_n, r) => ({ ...r, text: `${r.text}[a]` }) },
        { onToolResult: (_n, r) => ({ ...r, text: `${r.text}[b]` }) },
      ],
    });
    await agent.prompt("go");
    expect(resultText(agent)).toBe("out[a][b]");
  });

  it("3.3 a partial change keeps the fields the hook did not touch", async () => {
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("output").streamFn,
      tools: [echoTool()],
      hooks: [{ onToolResult: (_n, r) => ({ ...r, text: "changed" }) }],
    });
    await agent.prompt("go");
    const details = resultOf(agent).details as {
      text: string;
      data: { exit_code: number; echoed: string };
    };
    expect(details.text).toBe("changed");
    expect(details.data.exit_code).toBe(0);
    expect(details.data.echoed).toBe("output");
  });

  it("3.4 onContext changes what is sent to the model, not the state", async () => {
    const model = mockModel([assistant([text("ok")])]);
    const note: Message = { role: "user", content: "[system note] be brief", timestamp: 0 };
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      hooks: [{ onContext: (messages) => [...messages, note] }],
    });
    await agent.prompt("hello");
    expect(model.requests[0]?.messages.at(-1)).toMatchObject({ content: "[system note] be brief" });
    expect(agent.state.messages.some((m) => m.content === note.content)).toBe(false);
  });

  it("3.4b a hook that edits messages in place does not change the history", async () => {
    const model = mockModel([assistant([text("ok")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      hooks: [
        {
          onContext: (messages) => {
            for (const m of messages) if (m.role === "user") m.content = "tampered";
            return messages;
          },
        },
      ],
    });
    await agent.prompt("original");
    expect(model.requests[0]?.messages[0]).toMatchObject({ content: "tampered" });
    expect(agent.state.messages[0]).toMatchObject({ content: "original" });
  });

  it("3.4c observeContext reads the history itself, after onContext, without a copy per call", async () => {
    const model = mockModel([assistant([text("one")]), assistant([text("two")])]);
    const seen: (readonly Message[])[] = [];
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      hooks: [{ name: "observer", observeContext: (messages) => void seen.push(messages) }],
    });
    await agent.prompt("first");
    await agent.prompt("second");
    expect(seen).toHaveLength(2);
    // The agent's own message objects: nothing was copied for the observer.
    expect(seen[1]![0]).toBe(agent.state.messages[0]);
    expect(seen[1]!.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("3.4d observeContext sees what onContext made", async () => {
    const model = mockModel([assistant([text("ok")])]);
    let observed: readonly Message[] = [];
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      hooks: [
        {
          observeContext: (messages) => {
            observed = messages;
          },
        },
        {
          onContext: (messages) => [...messages, { role: "user", content: "added", timestamp: 0 }],
        },
      ],
    });
    await agent.prompt("original");
    expect(observed.map((m) => (m.role === "user" ? m.content : m.role))).toEqual([
      "original",
      "added",
    ]);
  });

  it("3.5 onInput transforms the user's text", async () => {
    const model = mockModel([assistant([text("ok")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      hooks: [
        { onInput: (t) => (t === "你好" ? { action: "transform", text: "hello" } : undefined) },
      ],
    });
    await agent.prompt("你好");
    expect(model.requests[0]?.messages[0]).toMatchObject({ role: "user", content: "hello" });
  });

  it("3.6 onInput handled short-circuits: later hooks and the agent skip the input", async () => {
    const model = mockModel([assistant([text("never")])]);
    let laterCalled = false;
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      hooks: [
        { onInput: () => ({ action: "handled" }) },
        {
          onInput: () => {
            laterCalled = true;
            return undefined;
          },
        },
      ],
    });
    await agent.prompt("/local-command");
    expect(laterCalled).toBe(false);
    expect(model.requests).toHaveLength(0);
    expect(agent.state.messages).toEqual([]);
  });

  it("3.7 onBeforeAgent injects messages into the model's context", async () => {
    const model = mockModel([assistant([text("ok")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      systemPrompt: "base",
      hooks: [
        {
          onBeforeAgent: (prompt, system) => ({
            prompt: `${prompt}!`,
            systemPrompt: `${system} + extra`,
            messages: [{ role: "user", content: "extra context", timestamp: 0 }],
          }),
        },
      ],
    });
    await agent.prompt("task");
    const request = model.requests[0]!;
    expect(request.systemPrompt).toBe("base + extra");
    expect(request.messages.map((m) => m.content)).toEqual(["extra context", "task!"]);
  });
});
