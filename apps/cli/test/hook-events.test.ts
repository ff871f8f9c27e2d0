/**
 * Claude Code's hook events beside the tool gates — PostToolUseFailure, PermissionRequest,
 * SessionEnd, SubagentStart, SubagentStop — through the built binary: each hook script
 * writes the JSON it reads on stdin to a file, and the test checks the fields Claude Code
 * documents (session_id, transcript_path, cwd, hook_event_name and the event's own).
 * Notification is pinned in apps/rpc/test/hook-notification.test.ts (it needs someone to
 * ask) and test/interactive/pty-hook-events.test.ts.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RecordedRequest, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, writeJson, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/**
 * A hook that appends its stdin (one JSON line) to `<gongHome>/<name>.jsonl`, then runs
 * `then` (an answer on stdout, an exit code).
 */
function recorder(box: Sandbox, name: string, then = ""): string {
  const file = path.join(box.gongHome, `${name}.sh`);
  const out = path.join(box.gongHome, `${name}.jsonl`);
  writeFileSync(file, `#!/bin/sh\ncat >> "${out}"\necho >> "${out}"\n${then}\n`, { mode: 0o755 });
  return file;
}

/** What the hooks named `name` read, one object per run. */
function recorded(box: Sandbox, name: string): Record<string, unknown>[] {
  const out = path.join(box.gongHome, `${name}.jsonl`);
  if (!existsSync(out)) return [];
  return readFileSync(out, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const hook = (command: string, matcher?: string) => ({
  ...(matcher !== undefined ? { matcher } : {}),
  hooks: [{ type: "command", command }],
});

/** The fields every Claude Code hook input has. */
function expectCommonFields(
  input: Record<string, unknown> | undefined,
  box: Sandbox,
  event: string,
) {
  expect(input?.hook_event_name).toBe(event);
  expect(typeof input?.session_id).toBe("string");
  expect(input?.session_id).not.toBe("");
  expect(realpathSync(String(input?.cwd))).toBe(realpathSync(box.cwd));
  expect(String(input?.transcript_path)).toMatch(/\.jsonl$/);
  expect(existsSync(String(input?.transcript_path))).toBe(true);
}

const sent = (request: RecordedRequest | undefined) => JSON.stringify(request?.body);

describe("hook events — PostToolUseFailure", () => {
  it("a call whose envelope is an error runs PostToolUseFailure (not PostToolUse) with error and is_interrupt; its context reaches the model", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const failure = recorder(
      box,
      "failure",
      `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUseFailure","additionalContext":"the file lives in docs/"}}'`,
    );
    writeSettings(box.gongHome, {
      hooks: {
        PostToolUse: [hook(recorder(box, "post"), "Read")],
        PostToolUseFailure: [hook(failure, "Read")],
      },
    });
    mock.enqueue([
      toolCallResponse([{ id: "toolu_read", name: "read", arguments: { path: "missing.md" } }]),
      textResponse("it is not there"),
    ]);
    const run = await runGong(["-p", "read missing.md"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(recorded(box, "post")).toEqual([]);
    const [input, ...more] = recorded(box, "failure");
    expect(more).toEqual([]);
    expectCommonFields(input, box, "PostToolUseFailure");
    expect(input).toMatchObject({
      tool_name: "Read",
      tool_input: { file_path: "missing.md" },
      tool_use_id: "toolu_read",
      is_interrupt: false,
    });
    expect(String(input?.error)).toContain("missing.md");
    expect(sent(mock.requests[1])).toContain("PostToolUseFailure hook feedback");
    expect(sent(mock.requests[1])).toContain("the file lives in docs/");
  });
});

describe("hook events — PermissionRequest answers before the user is asked", () => {
  function touchCall(): void {
    mock.enqueue([
      toolCallResponse([{ id: "toolu_touch", name: "bash", arguments: { command: "touch made" } }]),
      textResponse("done"),
    ]);
  }

  function withPermissionHook(box: Sandbox, then: string): void {
    writeSettings(box.gongHome, {
      hooks: { PermissionRequest: [hook(recorder(box, "permission", then), "Bash")] },
    });
  }

  it("behavior allow: the call runs in print mode, where no one could be asked; the input has Claude Code's fields", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    withPermissionHook(
      box,
      `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}'`,
    );
    touchCall();
    const run = await runGong(["--permission-mode", "ask", "-p", "touch it"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
    const [input, ...more] = recorded(box, "permission");
    expect(more).toEqual([]);
    expectCommonFields(input, box, "PermissionRequest");
    expect(input).toMatchObject({ tool_name: "Bash", tool_input: { command: "touch made" } });
    expect(Array.isArray(input?.permission_suggestions)).toBe(true);
  });

  it("behavior deny: the call does not run and the model reads the hook's message", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    withPermissionHook(
      box,
      `echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"no files today"}}}'`,
    );
    touchCall();
    const run = await runGong(["--yes", "--permission-mode", "ask", "-p", "touch it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(sent(mock.requests[1])).toContain("no files today");
  });

  it("fails closed: a hook that exits 1 allows nothing — the call is asked about as before (denied in print mode), one warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    withPermissionHook(box, 'echo "approver down" >&2; exit 1');
    touchCall();
    const run = await runGong(["--permission-mode", "ask", "-p", "touch it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(run.stderr).toContain("PermissionRequest hook");
    expect(run.stderr).toContain("approver down");
    expect(sent(mock.requests[1])).toContain("denied: needs confirmation");
  });

  it("fails closed: a hook that times out allows nothing either", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const slow = recorder(box, "permission", "sleep 30");
    writeSettings(box.gongHome, {
      hooks: {
        PermissionRequest: [
          { matcher: "Bash", hooks: [{ type: "command", command: slow, timeout: 1 }] },
        ],
      },
    });
    touchCall();
    const run = await runGong(["--permission-mode", "ask", "-p", "touch it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(false);
    expect(run.stderr).toContain("timed out after 1 s");
    expect(sent(mock.requests[1])).toContain("denied: needs confirmation");
  });

  it("does not run for a call the policy allows", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    withPermissionHook(box, "exit 0");
    touchCall();
    const run = await runGong(["-p", "touch it"], box);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.cwd, "made"))).toBe(true);
    expect(recorded(box, "permission")).toEqual([]);
  });
});

describe("hook events — SessionEnd", () => {
  it("runs once when a print-mode run ends, reason other; its matcher tests the reason", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, {
      hooks: {
        SessionEnd: [
          hook(recorder(box, "end")),
          hook(recorder(box, "end-other"), "other"),
          hook(recorder(box, "end-clear"), "clear"),
        ],
      },
    });
    mock.enqueue([textResponse("hello")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [input, ...more] = recorded(box, "end");
    expect(more).toEqual([]);
    expectCommonFields(input, box, "SessionEnd");
    expect(input?.reason).toBe("other");
    expect(recorded(box, "end-other")).toHaveLength(1);
    expect(recorded(box, "end-clear")).toEqual([]);
  });
});

describe("hook events — SubagentStart and SubagentStop", () => {
  const isSubagent = (request: RecordedRequest) =>
    !((request.body as { tools?: { name: string }[] }).tools ?? []).some((t) => t.name === "task");

  it("a task's subagent runs SubagentStart (its context joins the subagent's) and SubagentStop (a block keeps it going, as Stop does); Stop runs for the parent only", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const start = recorder(
      box,
      "substart",
      `echo '{"hookSpecificOutput":{"hookEventName":"SubagentStart","additionalContext":"use the project glossary"}}'`,
    );
    // Blocks the first stop only (Claude Code's stop_hook_active guard against loops).
    const stop = recorder(
      box,
      "substop",
      `if [ "$(tail -n 1 "${path.join(box.gongHome, "substop.jsonl")}" | grep -c '"stop_hook_active":false')" = 1 ]; then echo "check the tests too" >&2; exit 2; fi`,
    );
    writeSettings(box.gongHome, {
      hooks: {
        SubagentStart: [hook(start, "general")],
        SubagentStop: [hook(stop)],
        Stop: [hook(recorder(box, "stop"))],
      },
    });
    let subagentCalls = 0;
    let parentCalls = 0;
    mock.setFallback(async (request) => {
      if (isSubagent(request)) {
        subagentCalls++;
        return textResponse(subagentCalls === 1 ? "first look" : "tests checked too");
      }
      parentCalls++;
      if (parentCalls === 1)
        return toolCallResponse([
          {
            id: "toolu_task",
            name: "task",
            arguments: { description: "look", prompt: "look around", subagent_type: "general" },
          },
        ]);
      return textResponse("parent done");
    });
    const run = await runGong(["-p", "delegate"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);

    const [started, ...moreStarts] = recorded(box, "substart");
    expect(moreStarts).toEqual([]);
    expectCommonFields(started, box, "SubagentStart");
    expect(started).toMatchObject({ agent_id: "toolu_task", agent_type: "general" });
    const subRequests = mock.requests.filter(isSubagent);
    expect(subRequests).toHaveLength(2);
    expect(sent(subRequests[0])).toContain("use the project glossary");

    const stops = recorded(box, "substop");
    expect(stops).toHaveLength(2);
    expectCommonFields(stops[0], box, "SubagentStop");
    expect(stops[0]).toMatchObject({
      agent_id: "toolu_task",
      agent_type: "general",
      stop_hook_active: false,
    });
    expect(String(stops[0]?.agent_transcript_path)).toMatch(/subagents.*\.jsonl$/);
    expect(existsSync(String(stops[0]?.agent_transcript_path))).toBe(true);
    expect(stops[1]).toMatchObject({ stop_hook_active: true });
    expect(sent(subRequests[1])).toContain("check the tests too");
    // The parent's answer is the subagent's last one.
    expect(sent(mock.requests.at(-1))).toContain("tests checked too");
    expect(recorded(box, "stop")).toHaveLength(1);
  });
});

describe("hook events — Claude Code's settings shape loads without a warning", () => {
  it("a trusted .claude/settings.json with every new event: no warning, and its SessionEnd hook runs", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { trustedFolders: [box.cwd] });
    const end = recorder(box, "claude-end");
    const quiet = { type: "command", command: "cat >/dev/null", timeout: 120 };
    mkdirSync(path.join(box.cwd, ".claude"));
    writeJson(path.join(box.cwd, ".claude", "settings.json"), {
      hooks: {
        SessionEnd: [{ hooks: [{ type: "command", command: end }] }],
        SubagentStart: [{ matcher: "general", hooks: [quiet] }],
        SubagentStop: [{ hooks: [quiet] }],
        Notification: [{ matcher: "permission_prompt|idle_prompt", hooks: [quiet] }],
        PermissionRequest: [{ matcher: "Bash", hooks: [quiet] }],
        PostToolUseFailure: [{ matcher: "*", hooks: [quiet] }],
      },
    });
    mock.enqueue([textResponse("hello")]);
    const run = await runGong(["-p", "hi"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(recorded(box, "claude-end")).toHaveLength(1);
  });
});
