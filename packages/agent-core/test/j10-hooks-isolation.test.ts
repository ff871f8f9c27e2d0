import { describe, expect, it } from "vitest";
import { Agent, type AgentHooks } from "../src/index.js";
import { collect, echoOnce, resultOf, resultText } from "./helpers/hook-agent.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";
import { echoTool } from "./helpers/tools.js";

describe("J.10 Hooks — 4. Errors and isolation", () => {
  it("4.1 a throwing hook is reported and the next hook still runs", async () => {
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("v").streamFn,
      tools: [echoTool()],
      hooks: [
        {
          name: "broken",
          onToolResult: () => {
            throw new Error("boom");
          },
        },
        { name: "fine", onToolResult: (_n, r) => ({ ...r, text: `${r.text}[b]` }) },
      ],
    });
    const events = collect(agent);
    await agent.prompt("go");
    expect(resultText(agent)).toBe("v[b]");
    expect(events.find((e) => e.type === "hook_error")).toMatchObject({
      hookName: "broken",
      callback: "onToolResult",
      error: expect.stringContaining("boom"),
    });
  });

  it("4.2 a hook error carries the full stack", async () => {
    function deeplyNestedFailure(): never {
      throw new TypeError("bad hook");
    }
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce().streamFn,
      tools: [echoTool()],
      hooks: [{ beforeToolCall: () => deeplyNestedFailure() }],
    });
    const events = collect(agent);
    await agent.prompt("go");
    const error = events.find((e) => e.type === "hook_error");
    expect(error?.type === "hook_error" && error.stack).toContain("deeplyNestedFailure");
    expect(error?.type === "hook_error" && error.stack).toContain("TypeError: bad hook");
  });

  it("4.3 a hook over its timeout is skipped and the agent goes on", async () => {
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("quick").streamFn,
      tools: [echoTool()],
      settings: { hookTimeoutMs: 100 },
      hooks: [
        {
          name: "slow",
          onToolResult: async (_n, r) => {
            await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
            return { ...r, text: "too late" };
          },
        },
      ],
    });
    const events = collect(agent);
    const started = Date.now();
    await agent.prompt("go");
    // Far above the 100 ms timeout (CI machines stall), far below the hook's 60 s.
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(resultText(agent)).toBe("quick");
    expect(events.find((e) => e.type === "hook_error")).toMatchObject({
      hookName: "slow",
      timedOut: true,
    });
  });
});

describe("J.10 Hooks — a gate that fails says no", () => {
  it("a beforeToolCall hook that throws blocks the call with a reason naming the hook", async () => {
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("should not run").streamFn,
      tools: [echoTool()],
      hooks: [
        {
          name: "broken-guard",
          beforeToolCall: () => {
            throw new Error("policy file unreadable");
          },
        },
      ],
    });
    const events = collect(agent);
    await agent.prompt("go");
    expect(resultOf(agent).isError).toBe(true);
    expect(resultText(agent)).not.toContain("should not run");
    expect(resultText(agent)).toContain("broken-guard");
    expect(events.find((e) => e.type === "hook_error")).toMatchObject({
      hookName: "broken-guard",
      callback: "beforeToolCall",
      error: expect.stringContaining("policy file unreadable"),
    });
  });

  it("a beforeToolCall hook over its timeout blocks the call with a reason naming the hook", async () => {
    const agent = new Agent({
      model: testModel,
      streamFn: echoOnce("should not run").streamFn,
      tools: [echoTool()],
      settings: { hookTimeoutMs: 100 },
      hooks: [
        {
          name: "slow-guard",
          beforeToolCall: async () => {
            await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
            return "ok" as const;
          },
        },
      ],
    });
    const events = collect(agent);
    await agent.prompt("go");
    expect(resultOf(agent).isError).toBe(true);
    expect(resultText(agent)).not.toContain("should not run");
    expect(resultText(agent)).toContain("slow-guard");
    expect(resultText(agent)).toContain("did not answer within 100 ms");
    expect(events.find((e) => e.type === "hook_error")).toMatchObject({
      hookName: "slow-guard",
      callback: "beforeToolCall",
      timedOut: true,
      error: expect.stringContaining("blocked"),
    });
  });
});

describe("J.10 Hooks — 5. Registration", () => {
  it("5.2 hooks passed at start (and added later) are called", async () => {
    const calls: string[] = [];
    const first: AgentHooks = { beforeToolCall: (name) => void calls.push(`start:${name}`) };
    const agent = new Agent({
      model: testModel,
      streamFn: mockModel([
        assistant([toolCall("1", "echo", { text: "a" })]),
        assistant([text("x")]),
        assistant([toolCall("2", "echo", { text: "b" })]),
        assistant([text("y")]),
      ]).streamFn,
      tools: [echoTool()],
      hooks: [first],
    });
    await agent.prompt("one");
    agent.addHook({ beforeToolCall: (name) => void calls.push(`added:${name}`) });
    agent.removeHook(first);
    await agent.prompt("two");
    expect(calls).toEqual(["start:echo", "added:echo"]);
  });
});
