import { getEventListeners } from "node:events";
import { parseAgentFile } from "@gong/settings";
import type { Tool } from "@gong/tools";
import { describe, expect, it } from "vitest";
import { Limiter } from "../../src/subagents/limiter.js";
import { type SubagentHost, subagentTools } from "../../src/subagents/run-subagent.js";
import { SubagentEvents } from "../../src/subagents/subagent-events.js";
import { allTypes, BUILT_IN_TYPES } from "../../src/subagents/subagent-types.js";
import { createTaskTool } from "../../src/subagents/task-tool.js";

const tool = (name: string, readOnly = false) => ({ name, readOnly }) as unknown as Tool;
const parentTools = [
  tool("read", true),
  tool("grep", true),
  tool("bash"),
  tool("todo_write"),
  tool("task"),
];

/** A host whose subagents never start: these tests stop before a model is asked. */
const host = {
  settings: () => ({}),
  events: new SubagentEvents(),
} as unknown as SubagentHost;

describe("task — an agent file's tools are exactly its tools, never more than the parent has", () => {
  it("Claude Code names map to gong's; a tool the parent lacks is not given; task and todo_write never are", () => {
    const parsed = parseAgentFile(
      "---\nname: rev\ndescription: Reviews\ntools: Read, Bash, Write, Task, TodoWrite\nmodel: inherit\n---\nBody.\n",
      "/a/rev.md",
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.type.tools).toEqual(["read", "bash", "write", "task", "todo_write"]);
    expect(parsed.type.model).toBeUndefined();
    expect(parsed.type.systemPrompt).toBe("Body.");
    expect(subagentTools(parsed.type, parentTools).map((t) => t.name)).toEqual(["read", "bash"]);
  });
});

describe("task — readOnlyOnly offers only read-only subagents (plan mode)", () => {
  const file = parseAgentFile("---\nname: rev\ndescription: Reviews\n---\nBody.\n", "/a/rev.md");
  if (!file.ok) throw new Error(file.error);
  const types = allTypes([file.type]);

  it("without it every type is listed and general is the default", () => {
    const task = createTaskTool({ host, types });
    expect(task.description).toContain("- general:");
    expect(task.description).toContain("subagent_type (default general)");
    expect(task.concurrent).toBe(true);
  });

  it("with it general is neither listed nor accepted, and explore is the default", async () => {
    const task = createTaskTool({ host, types, readOnlyOnly: true });
    expect(task.description).not.toContain("- general:");
    expect(task.description).toContain("- rev: Reviews");
    expect(task.description).toContain("subagent_type (default explore)");
    const refused = await task.execute(
      { description: "d", prompt: "p", subagent_type: "general" },
      { cwd: "/" },
    );
    expect(refused.error?.code).toBe("INVALID_PARAM");
  });

  it("the explore type gets only the parent's read-only tools", () => {
    const explore = BUILT_IN_TYPES.find((type) => type.name === "explore")!;
    expect(subagentTools(explore, parentTools).map((t) => t.name)).toEqual(["read", "grep"]);
  });
});

describe("task — at most subagents.maxParallel subagents at a time", () => {
  it("a third holder waits for a release; an abort while waiting gives up its place", async () => {
    const limiter = new Limiter(() => 2);
    const first = await limiter.acquire(undefined);
    await limiter.acquire(undefined);
    let third: (() => void) | undefined;
    const waiting = limiter.acquire(undefined).then((release) => {
      third = release;
    });
    const aborted = new AbortController();
    const gaveUp = limiter.acquire(aborted.signal);
    aborted.abort();
    expect(await gaveUp).toBeUndefined();
    await Promise.resolve();
    expect(third).toBeUndefined();
    first!();
    await waiting;
    expect(third).toBeTypeOf("function");
  });
});

describe("task — 50 calls waiting on one signal add one abort listener (issue 34.5)", () => {
  it("the waiters share one listener, gone once none waits; an abort cancels them all", async () => {
    const limiter = new Limiter(() => 1);
    const batch = new AbortController();
    const first = await limiter.acquire(batch.signal);
    const waiting = Array.from({ length: 49 }, () => limiter.acquire(batch.signal));
    expect(getEventListeners(batch.signal, "abort")).toHaveLength(1);
    first!();
    const second = await waiting[0]!;
    expect(getEventListeners(batch.signal, "abort")).toHaveLength(1);
    batch.abort();
    expect(await Promise.all(waiting.slice(1))).toEqual(new Array(48).fill(undefined));
    second!();
    const other = new AbortController();
    expect(await limiter.acquire(other.signal)).toBeTypeOf("function");
    expect(getEventListeners(other.signal, "abort")).toHaveLength(0);
  });
});
