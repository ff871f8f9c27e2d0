import { describe, expect, it } from "vitest";
import { type HookRun, interpretHookResult } from "../src/hook-verdict.js";
import { type CommandResult, MAX_HOOK_OUTPUT_BYTES } from "../src/run-command.js";

const guard: HookRun = { event: "PreToolUse", command: "./guard.sh", timeoutS: 60 };

function result(fields: Partial<CommandResult>): CommandResult {
  const stdout = fields.stdout ?? "";
  const stderr = fields.stderr ?? "";
  return {
    exitCode: 0,
    stdout,
    stderr,
    stdoutBytes: Buffer.byteLength(stdout),
    stderrBytes: Buffer.byteLength(stderr),
    timedOut: false,
    ...fields,
  };
}

describe("command hooks — one command's result read as Claude Code reads it", () => {
  it("exit 2 stops the chain with stderr as the reason", () => {
    const verdict = interpretHookResult(guard, result({ exitCode: 2, stderr: "no rm -rf\n" }));
    expect(verdict).toEqual({
      warnings: [],
      next: "stop",
      outcome: { block: "no rm -rf", output: {} },
    });
  });

  it("exit 2 without stderr names the hook", () => {
    const verdict = interpretHookResult(guard, result({ exitCode: 2 }));
    expect(verdict.next === "stop" && verdict.outcome.block).toBe(
      'blocked by hook command "./guard.sh"',
    );
  });

  it("another exit code is a non-blocking error: one warning, and the chain goes on", () => {
    const verdict = interpretHookResult(guard, result({ exitCode: 1, stderr: "\n  boom  \nmore" }));
    expect(verdict).toEqual({
      warnings: ['PreToolUse hook "./guard.sh" failed (exit 1): boom'],
      next: "continue",
    });
  });

  it("a timeout is worded with the hook's own limit", () => {
    const verdict = interpretHookResult(
      { ...guard, timeoutS: 5 },
      result({ exitCode: null, signal: "SIGKILL", timedOut: true }),
    );
    expect(verdict.warnings).toEqual([
      'PreToolUse hook "./guard.sh" failed (timed out after 5 s): no output',
    ]);
  });

  it("a JSON answer cut at the output cap blocks a guard (fail closed) but not other events", () => {
    const cut = result({
      stdout: '{"decision": "approve", "reason": "',
      stdoutBytes: MAX_HOOK_OUTPUT_BYTES + 1,
    });
    const pre = interpretHookResult(guard, cut);
    expect(pre.next).toBe("stop");
    expect(pre.warnings[0]).toContain("its JSON answer could not be read");
    const post = interpretHookResult({ ...guard, event: "PostToolUse" }, cut);
    expect(post.next).toBe("continue");
    expect(post.next === "continue" && post.outcome).toBeUndefined();
  });

  it("plain stdout is context; JSON decides", () => {
    expect(interpretHookResult(guard, result({ stdout: "use pnpm\n" }))).toEqual({
      warnings: [],
      next: "continue",
      outcome: { output: {}, plainStdout: "use pnpm" },
    });
    const deny = JSON.stringify({
      hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "not here" },
    });
    const denied = interpretHookResult(guard, result({ stdout: deny }));
    expect(denied.next === "stop" && denied.outcome.block).toBe("not here");
    const ask = JSON.stringify({ hookSpecificOutput: { permissionDecision: "ask" } });
    expect(interpretHookResult(guard, result({ stdout: ask }))).toMatchObject({
      next: "ask",
      reason: 'blocked by hook command "./guard.sh"',
    });
    const stop = JSON.stringify({ continue: false, stopReason: "enough" });
    const stopped = interpretHookResult(guard, result({ stdout: stop }));
    expect(stopped.next === "stop" && stopped.outcome.block).toBe("enough");
  });

  it("additionalContext over the context cap is cut, with a warning naming the hook", () => {
    const long = "x\n".repeat(3000);
    const stdout = JSON.stringify({ hookSpecificOutput: { additionalContext: long } });
    const verdict = interpretHookResult(
      { ...guard, event: "UserPromptSubmit" },
      result({ stdout }),
    );
    expect(verdict.next).toBe("continue");
    expect(verdict.warnings[0]).toContain('UserPromptSubmit hook "./guard.sh" additionalContext');
    const context =
      verdict.next === "continue"
        ? verdict.outcome?.output.hookSpecificOutput?.additionalContext
        : "";
    expect(context!.length).toBeLessThan(long.length);
  });
});
