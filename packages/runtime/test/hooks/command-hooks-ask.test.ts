import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent } from "@gong/agent-core";
import { defineTool, success, type Tool } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  assistant,
  mockModel,
  testModel,
  text,
  toolCall,
} from "../../../agent-core/test/helpers/mock-stream.js";
import { createCommandHooks, type ToolConfirmationRequest } from "../../src/hooks/command-hooks.js";

/* A PreToolUse hook that answers `ask` puts the call to the user (an editor, gong-rpc). */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-hook-ask-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
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
