// J.9 1.3 / 1.4 / 1.6 with the real built-in tools of @gong/tools (real files, real bash).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ToolResultMessage } from "@gong/llm";
import { HANG_GUARD_MS } from "@gong/testing";
import { createCodingTools } from "@gong/tools";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../src/index.js";
import { SKIPPED_FOR_STEERING } from "../src/loop/execute-tools.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-coding-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const results = (agent: Agent) =>
  agent.state.messages.filter((m) => m.role === "toolResult") as ToolResultMessage[];

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, ms = HANG_GUARD_MS) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("condition not met in time");
}

describe("J.9 Agent integration — 1. Action pipeline (real coding tools)", () => {
  it("1.3 the default tools registered (ask_user needs a host); read then edit run in a row", async () => {
    await writeFile(path.join(dir, "app.ts"), "export const answer = 41;\n");
    const model = mockModel([
      assistant([toolCall("r1", "read", { path: "app.ts" })]),
      assistant([toolCall("e1", "edit", { path: "app.ts", oldText: "41", newText: "42" })]),
      assistant([text("fixed")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: createCodingTools({ cwd: dir }),
    });
    await agent.prompt("make the answer 42");
    expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual([
      "read",
      "write",
      "edit",
      "bash",
      "bash_output",
      "kill_shell",
      "grep",
      "find",
      "ls",
      "todo_write",
      "web_fetch",
    ]);
    expect(results(agent).map((r) => [r.toolName, r.isError])).toEqual([
      ["read", false],
      ["edit", false],
    ]);
    expect(await readFile(path.join(dir, "app.ts"), "utf8")).toBe("export const answer = 42;\n");
    expect(JSON.stringify(results(agent)[1]?.content)).toContain("Successfully replaced");
  });

  it("1.4 steering kills bash('sleep 30') and skips the remaining tools", async () => {
    const pidFile = path.join(dir, "sleep.pid");
    const model = mockModel([
      assistant([
        toolCall("b1", "bash", { command: `sleep 30 & echo $! > ${pidFile}; wait` }),
        toolCall("b2", "bash", { command: "echo never" }),
      ]),
      assistant([text("ok, switching")]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: createCodingTools({ cwd: dir }),
    });
    let pid = 0;
    agent.subscribe((e) => {
      if (e.type === "tool_execution_start" && e.toolCallId === "b1") {
        void waitFor(async () => {
          pid = Number(await readFile(pidFile, "utf8").catch(() => "0"));
          return pid > 0;
        }).then(() => agent.steer("actually, stop that"));
      }
    });
    const started = Date.now();
    await agent.prompt("sleep");
    expect(Date.now() - started).toBeLessThan(25_000); // well below the sleep's 30 s
    await waitFor(async () => !isAlive(pid));
    const [first, second] = results(agent);
    expect(first?.isError).toBe(true);
    expect(JSON.stringify(second?.content)).toContain(SKIPPED_FOR_STEERING);
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({ content: "actually, stop that" });
  });

  it("1.6 abort kills bash's child processes and ends the run", async () => {
    const pidFile = path.join(dir, "child.pid");
    const model = mockModel([
      assistant([toolCall("b1", "bash", { command: `sleep 30 & echo $! > ${pidFile}; wait` })]),
    ]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      cwd: dir,
      tools: createCodingTools({ cwd: dir }),
    });
    let pid = 0;
    agent.subscribe((e) => {
      if (e.type === "tool_execution_start") {
        void waitFor(async () => {
          pid = Number(await readFile(pidFile, "utf8").catch(() => "0"));
          return pid > 0;
        }).then(() => agent.abort());
      }
    });
    await agent.prompt("sleep");
    await waitFor(async () => !isAlive(pid));
    expect(agent.state.isStreaming).toBe(false);
    expect(agent.state.pendingToolCalls.size).toBe(0);
    expect(model.requests).toHaveLength(1);
    expect(results(agent)[0]?.isError).toBe(true);
  });
});
