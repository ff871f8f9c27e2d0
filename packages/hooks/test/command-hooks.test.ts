import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent, type AgentEvent } from "@gong/agent-core";
import type { Message, ToolResultMessage } from "@gong/llm";
import type { ConfirmedCalls, ToolConfirmationRequest } from "@gong/policy";
import { defineTool, success, type Tool } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  assistant,
  mockModel,
  testModel,
  text,
  toolCall,
} from "../../agent-core/test/helpers/mock-stream.js";
import { type CommandHooksConfig, createCommandHooks } from "../src/command-hooks.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "gong-cmd-hooks-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes an executable shell script and returns its path. */
async function script(name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

/** A fake bash tool that records the commands it was given. */
function fakeBash(): Tool & { commands: string[] } {
  const commands: string[] = [];
  const tool = defineTool({
    name: "bash",
    label: "bash",
    description: "run a command",
    parameters: Type.Object({ command: Type.String() }),
    async execute(params) {
      commands.push(params.command);
      return success({ stdout: `ran ${params.command}`, exit_code: 0 }, `ran ${params.command}`);
    },
  }) as unknown as Tool;
  return Object.assign(tool, { commands });
}

function bashOnce(command: string) {
  return mockModel([
    assistant([toolCall("toolu_1", "bash", { command })]),
    assistant([text("done")]),
  ]);
}

function setup(
  config: CommandHooksConfig,
  model = bashOnce("rm -rf build"),
  notices: string[] = [],
) {
  const bash = fakeBash();
  const hooks = createCommandHooks(config, {
    cwd: dir,
    sessionId: "sess-1",
    transcriptPath: path.join(dir, "t.jsonl"),
    notify: (m) => notices.push(m),
  });
  const agent = new Agent({
    model: testModel,
    streamFn: model.streamFn,
    tools: [bash],
    cwd: dir,
    hooks: [hooks],
  });
  const events: AgentEvent[] = [];
  agent.subscribe((e) => events.push(e));
  return { agent, bash, model, events, notices };
}

const resultText = (agent: Agent) =>
  (
    (agent.state.messages.find((m) => m.role === "toolResult") as ToolResultMessage).content[0] as {
      text: string;
    }
  ).text;

describe("Claude Code command hooks — PreToolUse", () => {
  it("gets the Claude Code JSON on stdin; a Bash matcher fires for our bash tool", async () => {
    const out = path.join(dir, "stdin.json");
    const hook = await script("log.sh", `cat > "${out}"`);
    const { agent, bash } = setup({
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }],
    });
    await agent.prompt("clean");
    const input = JSON.parse(await readFile(out, "utf8"));
    expect(input).toEqual({
      session_id: "sess-1",
      transcript_path: path.join(dir, "t.jsonl"),
      cwd: dir,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf build" },
      tool_use_id: "toolu_1",
    });
    expect(bash.commands).toEqual(["rm -rf build"]);
  });

  it("exit code 2 blocks the call with stderr as the reason", async () => {
    const hook = await script("deny.sh", `echo "rm -rf is not allowed here" >&2\nexit 2`);
    const { agent, bash } = setup({
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual([]);
    expect(resultText(agent)).toContain("rm -rf is not allowed here");
  });

  it("JSON permissionDecision deny blocks with its reason", async () => {
    const hook = await script(
      "json-deny.sh",
      `cat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"production database"}}'`,
    );
    const { agent, bash } = setup({
      PreToolUse: [{ matcher: "Bash|Write", hooks: [{ type: "command", command: hook }] }],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual([]);
    expect(resultText(agent)).toContain("production database");
  });

  it("updatedInput rewrites the parameters before the tool runs", async () => {
    const hook = await script(
      "rewrite.sh",
      `cat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"rm -rf ./build --dry-run"}}}'`,
    );
    const { agent, bash } = setup({
      PreToolUse: [{ matcher: "bash", hooks: [{ type: "command", command: hook }] }],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual(["rm -rf ./build --dry-run"]);
  });

  it("a matcher for another tool does not run the script", async () => {
    const marker = path.join(dir, "ran");
    const hook = await script("edit-only.sh", `touch "${marker}"\nexit 2`);
    const { agent, bash } = setup({
      PreToolUse: [{ matcher: "Edit|MultiEdit", hooks: [{ type: "command", command: hook }] }],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual(["rm -rf build"]);
    await expect(readFile(marker)).rejects.toThrow();
  });

  it("exit code 1 is reported as one warning line and does not block", async () => {
    const hook = await script(
      "broken.sh",
      `echo "jq: not found" >&2\necho "second line" >&2\nexit 1`,
    );
    const { agent, bash, events, notices } = setup({
      PreToolUse: [{ hooks: [{ type: "command", command: hook }] }],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual(["rm -rf build"]);
    expect(notices).toEqual([`PreToolUse hook "${hook}" failed (exit 1): jq: not found`]);
    expect(events.some((e) => e.type === "hook_error")).toBe(false);
  });

  it("a script over its timeout is killed, reported, and the agent goes on", async () => {
    const hook = await script("hang.sh", "sleep 30");
    const { agent, bash, notices } = setup({
      PreToolUse: [{ hooks: [{ type: "command", command: hook, timeout: 1 }] }],
    });
    const started = Date.now();
    await agent.prompt("clean");
    expect(Date.now() - started).toBeLessThan(25_000); // well below the hook's 30 s
    expect(bash.commands).toEqual(["rm -rf build"]);
    expect(notices).toEqual([`PreToolUse hook "${hook}" failed (timed out after 1 s): no output`]);
  });
});

describe("security — a failing hook never disarms the next", () => {
  const guard = () =>
    script("guard.sh", `cat >/dev/null\necho "rm -rf is not allowed" >&2\nexit 2`);

  it("a hook that exits 1 before a guard: the guard still blocks, one warning", async () => {
    const logger = await script("log.sh", `echo "log server down" >&2\nexit 1`);
    const block = await guard();
    const { agent, bash, notices } = setup({
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: logger }] },
        { matcher: "Bash", hooks: [{ type: "command", command: block }] },
      ],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual([]);
    expect(resultText(agent)).toContain("rm -rf is not allowed");
    expect(notices).toEqual([`PreToolUse hook "${logger}" failed (exit 1): log server down`]);
  });

  it("a missing script before a guard in the same matcher: the guard still blocks", async () => {
    const missing = path.join(dir, "missing.sh");
    const block = await guard();
    const { agent, bash, notices } = setup({
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: missing },
            { type: "command", command: block },
          ],
        },
      ],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      new RegExp(`^PreToolUse hook "${missing}" failed \\(exit 127\\): .*not found`),
    );
  });

  it("a timed-out hook before a guard: the guard still blocks", async () => {
    const hang = await script("hang.sh", "sleep 30");
    const block = await guard();
    const { agent, bash } = setup({
      PreToolUse: [
        { hooks: [{ type: "command", command: hang, timeout: 1 }] },
        { hooks: [{ type: "command", command: block }] },
      ],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual([]);
  });

  it("a guard whose JSON answer is cut at the output cap blocks the call (its answer could not be read)", async () => {
    const huge = await script(
      "huge.sh",
      `cat >/dev/null\nprintf '{"decision":"block","reason":"'\nhead -c 6000000 /dev/zero | tr '\\0' x\nprintf '"}'`,
    );
    const { agent, bash, notices } = setup({
      PreToolUse: [{ hooks: [{ type: "command", command: huge }] }],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual([]);
    expect(resultText(agent)).toContain("its JSON answer could not be read");
    expect(notices).toEqual([expect.stringContaining(`PreToolUse hook "${huge}" printed 5.7MB`)]);
  });

  it("a failing UserPromptSubmit hook before a blocking one: the prompt is still blocked", async () => {
    const broken = await script("broken.sh", "exit 3");
    const block = await script("no.sh", `echo "no prompts today" >&2\nexit 2`);
    const { agent, model, notices } = setup({
      UserPromptSubmit: [
        { hooks: [{ type: "command", command: broken }] },
        { hooks: [{ type: "command", command: block }] },
      ],
    });
    await agent.prompt("hello");
    expect(model.requests).toHaveLength(0);
    expect(notices).toEqual([
      `UserPromptSubmit hook "${broken}" failed (exit 3): no output`,
      expect.stringContaining("no prompts today"),
    ]);
  });

  it("a throwing in-process gate blocks the call itself (fails closed)", async () => {
    const bash = fakeBash();
    const agent = new Agent({
      model: testModel,
      streamFn: bashOnce("rm -rf build").streamFn,
      tools: [bash],
      cwd: dir,
      hooks: [
        {
          name: "audit-log",
          beforeToolCall: () => {
            throw new Error("log server down");
          },
        },
        { name: "guard", beforeToolCall: () => ({ block: "rm -rf is not allowed" }) },
      ],
    });
    await agent.prompt("clean");
    expect(bash.commands).toEqual([]);
    expect(resultText(agent)).toContain("audit-log");
  });
});

describe("Claude Code command hooks — other events", () => {
  it("PostToolUse gets tool_response; its additionalContext reaches the model", async () => {
    const out = path.join(dir, "post.json");
    const hook = await script(
      "post.sh",
      `cat > "${out}"\necho '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"lint: 2 warnings"}}'`,
    );
    const { agent } = setup({
      PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }],
    });
    await agent.prompt("clean");
    const input = JSON.parse(await readFile(out, "utf8"));
    expect(input.hook_event_name).toBe("PostToolUse");
    expect(input.tool_response.text).toBe("ran rm -rf build");
    expect(resultText(agent)).toContain("lint: 2 warnings");
  });

  it("UserPromptSubmit exit 2 blocks the prompt and tells the user why", async () => {
    const hook = await script(
      "no-secrets.sh",
      `grep -q password && { echo "prompt contains a password" >&2; exit 2; }\nexit 0`,
    );
    const notices: string[] = [];
    const { agent, model } = setup(
      { UserPromptSubmit: [{ hooks: [{ type: "command", command: hook }] }] },
      bashOnce("x"),
      notices,
    );
    await agent.prompt("my password is hunter2");
    expect(model.requests).toHaveLength(0);
    expect(notices[0]).toContain("prompt contains a password");
  });

  it("UserPromptSubmit and SessionStart stdout become context for the model", async () => {
    const prompt = await script("ctx.sh", `cat >/dev/null\necho "current branch: main"`);
    const start = await script(
      "start.sh",
      `cat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"project uses pnpm"}}'`,
    );
    const model = mockModel([assistant([text("a")]), assistant([text("b")])]);
    const { agent } = setup(
      {
        UserPromptSubmit: [{ hooks: [{ type: "command", command: prompt }] }],
        SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: start }] }],
      },
      model,
    );
    await agent.prompt("first");
    await agent.prompt("second");
    const first = JSON.stringify(model.requests[0]?.messages);
    expect(first).toContain("project uses pnpm");
    expect(first).toContain("current branch: main");
    const second = (model.requests[1]?.messages ?? []).slice(2) as Message[];
    expect(JSON.stringify(second)).not.toContain("project uses pnpm"); // SessionStart only once
    expect(JSON.stringify(second)).toContain("current branch: main");
  });

  it("bad input: a hook's 10 MB output or reason is capped at 50 KB with a notice and a warning", async () => {
    // 10 MB of output: a prompt hook's stdout (context) and a guard's exit-2 stderr (reason).
    const flood = (to: string) =>
      `cat >/dev/null\nhead -c 10000000 /dev/zero | tr '\\0' 'x' | fold -w 100 ${to}`;
    const prompt = await script("flood.sh", flood(""));
    const guard = await script("guard.sh", `${flood(">&2")}\nexit 2`);
    const model = bashOnce("ls");
    const { agent, notices } = setup(
      {
        UserPromptSubmit: [{ hooks: [{ type: "command", command: prompt }] }],
        PreToolUse: [{ hooks: [{ type: "command", command: guard }] }],
      },
      model,
    );
    await agent.prompt("go");
    const first = JSON.stringify(model.requests[0]?.messages);
    expect(first.length).toBeLessThan(60_000);
    expect(first).toContain(`UserPromptSubmit hook \\"${prompt}\\" output truncated to the first`);
    const reason = resultText(agent);
    expect(reason.length).toBeLessThan(60_000);
    expect(reason).toContain(`PreToolUse hook "${guard}" reason truncated to the first`);
    expect(notices).toEqual([
      expect.stringMatching(
        /^UserPromptSubmit hook ".*" output is 9\.6MB; only the first \d+ lines/,
      ),
      expect.stringMatching(/^PreToolUse hook ".*" reason is 9\.6MB; only the first \d+ lines/),
    ]);
  });

  it("Stop with decision block makes the agent continue once with the reason", async () => {
    const hook = await script(
      "stop.sh",
      `if grep -q '"stop_hook_active":true'; then exit 0; fi\necho '{"decision":"block","reason":"run the tests before stopping"}'`,
    );
    const model = mockModel([assistant([text("done?")]), assistant([text("tests pass")])]);
    const { agent } = setup({ Stop: [{ hooks: [{ type: "command", command: hook }] }] }, model);
    await agent.prompt("fix it");
    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({
      content: "run the tests before stopping",
    });
    expect(agent.state.messages.at(-1)?.content).toEqual([text("tests pass")]);
  });

  it("PreCompact exit 2 cancels a compaction", async () => {
    const out = path.join(dir, "compact.json");
    const hook = await script("precompact.sh", `cat > "${out}"\necho "not now" >&2\nexit 2`);
    const history: Message[] = [];
    for (let i = 0; i < 4; i++) {
      history.push({ role: "user", content: `q${i} ${"w ".repeat(300)}`, timestamp: i });
      history.push(assistant([text(`a${i} ${"w ".repeat(300)}`)]));
    }
    const bash = fakeBash();
    const model = mockModel([assistant([text("summary")])]);
    const agent = new Agent({
      model: testModel,
      streamFn: model.streamFn,
      tools: [bash],
      messages: history,
      settings: { compaction: { keepRecentTokens: 100 } },
      hooks: [
        createCommandHooks(
          { PreCompact: [{ matcher: "manual", hooks: [{ type: "command", command: hook }] }] },
          { cwd: dir, notify: () => {} },
        ),
      ],
    });
    const result = await agent.compact();
    expect(result).toMatchObject({ ok: false, error: "cancelled" });
    expect(JSON.parse(await readFile(out, "utf8"))).toMatchObject({
      hook_event_name: "PreCompact",
      trigger: "manual",
    });
    expect(agent.state.messages).toEqual(history);
    expect(model.requests).toHaveLength(0);
  });
});

// A PreToolUse hook that answers `ask` puts the call to the user (an editor, gong-rpc).
describe("command hooks — permissionDecision ask", () => {
  async function askingAgent(
    ask: (request: ToolConfirmationRequest) => Promise<boolean>,
    timeoutMs = 2000,
    confirmed?: ConfirmedCalls,
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
      { cwd: dir, confirm: { ask, timeoutMs }, ...(confirmed ? { confirmed } : {}) },
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

  it("an allow rule covering the call does not answer the hook's question; no blocks it", async () => {
    const asked: string[] = [];
    const rules: ConfirmedCalls = { has: () => false, add: () => {}, allows: () => true };
    const { ran } = await askingAgent(
      async (request) => {
        asked.push(request.reason);
        return false;
      },
      2000,
      rules,
    );
    expect(asked).toEqual(["deletes files"]);
    expect(ran).toEqual([]);
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

describe("Claude Code command hooks — PermissionRequest answers", () => {
  const permission = (command: string, matcher = "Bash"): CommandHooksConfig => ({
    PermissionRequest: [{ matcher, hooks: [{ type: "command", command }] }],
  });
  const decide = (config: CommandHooksConfig, notices: string[] = []) =>
    createCommandHooks(config, { cwd: dir, notify: (m) => notices.push(m) }).permissionRequest(
      "bash",
      { command: "touch x" },
    );

  it("exit 2 denies with stderr as the message", async () => {
    const hook = await script("deny.sh", 'cat >/dev/null; echo "not here" >&2; exit 2');
    expect(await decide(permission(hook))).toEqual({ behavior: "deny", message: "not here" });
  });

  it("the first hook that decides wins; one that says nothing is passed over", async () => {
    const quiet = await script("quiet.sh", "cat >/dev/null");
    const allow = await script(
      "allow.sh",
      `cat >/dev/null; echo '{"hookSpecificOutput":{"decision":{"behavior":"allow"}}}'`,
    );
    const deny = await script(
      "deny.sh",
      `cat >/dev/null; echo '{"hookSpecificOutput":{"decision":{"behavior":"deny"}}}'`,
    );
    const config: CommandHooksConfig = {
      PermissionRequest: [
        { hooks: [{ type: "command", command: quiet }] },
        { hooks: [{ type: "command", command: allow }] },
        { hooks: [{ type: "command", command: deny }] },
      ],
    };
    expect(await decide(config)).toEqual({ behavior: "allow" });
  });

  it("fails closed: permissionDecision ask, a crash or another tool's matcher decide nothing", async () => {
    const asks = await script(
      "ask.sh",
      `cat >/dev/null; echo '{"hookSpecificOutput":{"permissionDecision":"ask"}}'`,
    );
    const crash = await script("crash.sh", "cat >/dev/null; exit 3");
    const allow = await script(
      "allow.sh",
      `cat >/dev/null; echo '{"hookSpecificOutput":{"decision":{"behavior":"allow"}}}'`,
    );
    const notices: string[] = [];
    expect(await decide(permission(asks))).toBeUndefined();
    expect(await decide(permission(crash), notices)).toBeUndefined();
    expect(notices.join("\n")).toContain("exit 3");
    expect(await decide(permission(allow, "Write"))).toBeUndefined();
  });

  it("an allow's updatedInput comes back in gong's parameter names", async () => {
    const hook = await script(
      "rewrite.sh",
      `cat >/dev/null; echo '{"hookSpecificOutput":{"decision":{"behavior":"allow","updatedInput":{"command":"touch y"}}}}'`,
    );
    expect(await decide(permission(hook))).toEqual({
      behavior: "allow",
      params: { command: "touch y" },
    });
  });
});
