/**
 * What one hook command's result means, as Claude Code reads it — a pure function of
 * the result, so every rule is in one place and the runner only runs commands: exit 2
 * blocks with stderr as the reason; any other non-zero exit, a crash or a timeout is a
 * non-blocking error; stdout is either a JSON answer (`decision`, `continue`,
 * `hookSpecificOutput.permissionDecision`, `updatedInput`, `additionalContext`) or plain
 * context. Text that goes to the model is capped like a context file, with a warning.
 */
import { capContextText } from "@gong/agent-core";
import { formatSize } from "@gong/truncate";
import { type CommandResult, MAX_HOOK_OUTPUT_BYTES } from "./run-command.js";

/** The Claude Code hook events Gong supports (test/hooks/hook-verdict.test.ts). */
export type CommandHookEvent =
  | "PreToolUse"
  | "PostToolUse"
  | "UserPromptSubmit"
  | "SessionStart"
  | "Stop"
  | "PreCompact"
  | "SessionEnd"
  | "SubagentStart"
  | "SubagentStop"
  | "Notification"
  | "PermissionRequest"
  | "PostToolUseFailure";

/** A PermissionRequest hook's answer to the question the user would be asked. */
export interface PermissionRequestDecision {
  behavior?: "allow" | "deny" | string;
  /** With `allow`: the call's new arguments (Claude Code's tool input shape). */
  updatedInput?: Record<string, unknown>;
  /** With `deny`: why, for the model. */
  message?: string;
  /** With `deny`: stop the run too. */
  interrupt?: boolean;
}

export interface HookOutput {
  continue?: boolean;
  stopReason?: string;
  decision?: "block" | "approve" | string;
  reason?: string;
  hookSpecificOutput?: {
    permissionDecision?: "allow" | "deny" | "ask";
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
    /** PermissionRequest's answer. */
    decision?: PermissionRequestDecision;
  };
}

/** What one hook said, as the hook events read it. */
export interface HookOutcome {
  /** Exit 2, `decision: "block"`, `permissionDecision: "deny"|"ask"` or `continue: false`. */
  block?: string;
  output: HookOutput;
  /** Plain stdout (exit 0, not JSON): context for UserPromptSubmit / SessionStart. */
  plainStdout?: string;
}

/**
 * What to do after one hook: go on (with an outcome, or with nothing when the hook
 * failed), stop the chain with a block, or ask the user (a PreToolUse
 * `permissionDecision: "ask"`; their no is the block). `warnings` go to the user first.
 */
export type HookVerdict = { warnings: string[] } & (
  | { next: "continue"; outcome?: HookOutcome }
  | { next: "stop"; outcome: HookOutcome }
  | { next: "ask"; output: HookOutput; reason: string }
);

/** The hook whose result is read: its event, its command line, its time limit. */
export interface HookRun {
  event: CommandHookEvent;
  command: string;
  timeoutS: number;
}

function parseOutput(stdout: string): HookOutput | undefined {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    return JSON.parse(trimmed) as HookOutput;
  } catch {
    return undefined;
  }
}

/** Output that starts like a JSON answer but was cut at MAX_HOOK_OUTPUT_BYTES. */
function isCutAnswer(result: CommandResult): boolean {
  return result.stdoutBytes > MAX_HOOK_OUTPUT_BYTES && result.stdout.trimStart().startsWith("{");
}

/**
 * One line for Claude Code's "non-blocking error" (any exit code but 0 and 2, a crash,
 * a timeout, a missing script): what failed, how, and the first line it printed.
 */
function describeHookFailure(hook: HookRun, result: CommandResult): string {
  const how = result.timedOut
    ? `timed out after ${hook.timeoutS} s`
    : result.exitCode !== null
      ? `exit ${result.exitCode}`
      : result.signal
        ? `killed by ${result.signal}`
        : "could not start";
  const firstLine = (text: string) =>
    text
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.trim();
  const detail = firstLine(result.stderr) ?? firstLine(result.stdout) ?? "no output";
  return `${hook.event} hook "${hook.command}" failed (${how}): ${detail}`;
}

/**
 * What a hook says goes to the model: capped like a context file, with a warning.
 * `printedBytes` is what the hook printed in all: past MAX_HOOK_OUTPUT_BYTES the runner
 * kept only the first part, and the warning names the real size.
 */
function capped(
  text: string,
  hook: HookRun,
  what: string,
  warnings: string[],
  printedBytes = 0,
): string {
  const result = capContextText(text, `${hook.event} hook "${hook.command}" ${what}`, {
    ...(printedBytes > MAX_HOOK_OUTPUT_BYTES ? { totalBytes: printedBytes } : {}),
  });
  if (result.warning) warnings.push(result.warning);
  return result.text;
}

const blockedBy = (hook: HookRun) => `blocked by hook command "${hook.command}"`;

/** A JSON answer: its context capped, and whether it blocks (or asks) and why. */
function readAnswer(output: HookOutput, hook: HookRun, warnings: string[]): HookVerdict {
  const specific = output.hookSpecificOutput;
  const answer: HookOutput =
    typeof specific?.additionalContext === "string"
      ? {
          ...output,
          hookSpecificOutput: {
            ...specific,
            additionalContext: capped(
              specific.additionalContext,
              hook,
              "additionalContext",
              warnings,
            ),
          },
        }
      : output;
  const decision = specific?.permissionDecision;
  const denied = decision === "deny" || decision === "ask";
  if (output.decision !== "block" && !denied && output.continue !== false) {
    return { warnings, next: "continue", outcome: { output: answer } };
  }
  const reason = specific?.permissionDecisionReason ?? output.reason ?? output.stopReason;
  const block =
    typeof reason === "string" ? capped(reason, hook, "reason", warnings) : blockedBy(hook);
  if (decision === "ask") return { warnings, next: "ask", output: answer, reason: block };
  return { warnings, next: "stop", outcome: { block, output: answer } };
}

export function interpretHookResult(hook: HookRun, result: CommandResult): HookVerdict {
  const warnings: string[] = [];
  if (result.exitCode === 2) {
    const stderr = result.stderr.trim();
    const block = stderr
      ? capped(stderr, hook, "reason", warnings, result.stderrBytes)
      : blockedBy(hook);
    return { warnings, next: "stop", outcome: { block, output: {} } };
  }
  if (result.exitCode !== 0) {
    // Claude Code lets the call go on after a non-blocking error, so this one is
    // reported and skipped — but the chain goes on: a broken logging hook must never
    // disarm the guard after it (STYLE "Security paths fail closed").
    return { warnings: [describeHookFailure(hook, result)], next: "continue" };
  }
  const output = parseOutput(result.stdout);
  if (!output && isCutAnswer(result)) {
    // The JSON answer was cut at the output cap: what the hook decided is unknown, so a
    // guard says no (STYLE "Security paths fail closed"); other events go on.
    const reason = `${hook.event} hook "${hook.command}" printed ${formatSize(result.stdoutBytes)}, more than the ${formatSize(MAX_HOOK_OUTPUT_BYTES)} gong reads, so its JSON answer could not be read`;
    if (hook.event === "PreToolUse") {
      return { warnings: [reason], next: "stop", outcome: { block: reason, output: {} } };
    }
    return { warnings: [reason], next: "continue" };
  }
  if (!output) {
    const stdout = result.stdout.trim();
    const plainStdout = stdout && capped(stdout, hook, "output", warnings, result.stdoutBytes);
    return { warnings, next: "continue", outcome: { output: {}, plainStdout } };
  }
  return readAnswer(output, hook, warnings);
}
