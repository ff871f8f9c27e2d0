import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineTool, success, type Tool } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  Agent,
  BUSY_ERROR,
  createCommandHooks,
  type ToolConfirmationRequest,
} from "../src/index.js";
import { assistant, mockModel, testModel, text, toolCall } from "./helpers/mock-stream.js";

/*
 * What an editor (gong-rpc) drives beyond prompt/steer/abort: compaction with the
 * user's focus, the auto-compaction switch, the queue, messages added outside a run,
 * and a hook's `ask` answered by the user.
 */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-editor-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function history(turns: number) {
  return Array.from({ length: turns }, (_, i) => [
    { role: "user" as const, content: `question ${i} ${"word ".repeat(200)}`, timestamp: 0 },
    assistant([text(`answer ${i} ${"word ".repeat(200)}`)]),
  ]).flat();
}

describe("agent — controls an editor drives", () => {
  it("compact(instructions) sends the user's focus to the summariser", async () => {
    const model = mockModel([assistant([text("## Goal\nship")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      messages: history(6),
      settings: { compaction: { keepRecentTokens: 300 } },
    });
    expect((await agent.compact("keep the API decisions")).ok).toBe(true);
    expect(JSON.stringify(model.requests[0]?.messages)).toContain(
      "Additional focus: keep the API decisions",
    );
  });

  it("setAutoCompaction switches the automatic compactions", () => {
    const agent = new Agent({ model: testModel, streamFn: mockModel([]).streamFn });
    expect(agent.autoCompaction).toBe(true);
    agent.setAutoCompaction(false);
    expect(agent.autoCompaction).toBe(false);
  });

  it("queuedMessages lists steering and follow-up messages not taken yet", () => {
    const agent = new Agent({ model: testModel, streamFn: mockModel([]).streamFn });
    agent.steer("look at b.ts");
    agent.followUp("then run the tests");
    const queued = agent.queuedMessages;
    expect(queued.steering.map((m) => m.content)).toEqual(["look at b.ts"]);
    expect(queued.followUp.map((m) => m.content)).toEqual(["then run the tests"]);
  });

  it("appendMessage adds to the context between runs and is refused during one", async () => {
    const model = mockModel([assistant([text("seen")])]);
    const agent = new Agent({ model: testModel, streamFn: model.streamFn });
    agent.appendMessage({ role: "user", content: "$ ls\nREADME.md", timestamp: 0 });
    const running = agent.prompt("what is here?");
    expect(() => agent.appendMessage({ role: "user", content: "x", timestamp: 0 })).toThrow(
      BUSY_ERROR,
    );
    await running;
    expect(JSON.stringify(model.requests[0]?.messages)).toContain("README.md");
  });
});

describe("command hooks — permissionDecision ask", () => {
  async function askingAgent(
    ask: (request: ToolConfirmationRequest) => Promise<boolean>,
    timeoutMs = 2000,
  ) {
    const hook = path.join(dir, "ask.sh");
    await writeFile(
      hook,
      `#!/bin/sh\necho '{"hookSpecificOutput":{"permissionDecision":"ask","permissionDecisionReason":"deletes files"}}'\n`,
    );
    await chmod(hook, 0o755);
    const ran: string[] = [];
    const bash = defineTool({
      name: "bash",
      label: "bash",
      description: "run",
      parameters: Type.Object({ command: Type.String() }),
      async execute(params) {
        ran.push(params.command);
        return success({ stdout: "", exit_code: 0 }, "ran");
      },
    }) as unknown as Tool;
    const model = mockModel([
      assistant([toolCall("toolu_1", "bash", { command: "rm -rf build" })]),
      assistant([text("done")]),
    ]);
    const hooks = createCommandHooks(
      { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] },
      { cwd: dir, confirm: { ask, timeoutMs } },
    );
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [bash],
      cwd: dir,
      hooks: [hooks],
    });
    await agent.prompt("clean");
    const result = agent.state.messages.find((m) => m.role === "toolResult");
    return { ran, result: JSON.stringify(result) };
  }

  it("asks the user with the tool, its input and the hook's reason; yes runs the call", async () => {
    const asked: ToolConfirmationRequest[] = [];
    const { ran } = await askingAgent(async (request) => {
      asked.push(request);
      return true;
    });
    expect(asked).toEqual([
      {
        toolName: "bash",
        toolCallId: "toolu_1",
        input: { command: "rm -rf build" },
        reason: "deletes files",
      },
    ]);
    expect(ran).toEqual(["rm -rf build"]);
  });

  it("no blocks the call and tells the model why", async () => {
    const { ran, result } = await askingAgent(async () => false);
    expect(ran).toEqual([]);
    expect(result).toContain("the user denied this call: deletes files");
  });

  it("no answer in time blocks the call", async () => {
    const { ran, result } = await askingAgent(() => new Promise(() => {}), 100);
    expect(ran).toEqual([]);
    expect(result).toContain("the user did not confirm within");
  });
});
