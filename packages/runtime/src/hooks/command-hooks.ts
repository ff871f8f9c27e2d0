import { type AgentHooks, capContextText, type ToolCallDecision } from "@gong/agent-core";
import type { ToolResponse } from "@gong/base";
import type { UserMessage } from "@gong/llm";
import { formatSize } from "@gong/truncate";
import {
  fromClaudeToolInput,
  matchesTool,
  toClaudeToolInput,
  toClaudeToolName,
} from "./claude-tool-names.js";
import { type ConfirmedCalls, confirmCall } from "./confirm-call.js";
import { type CommandResult, MAX_HOOK_OUTPUT_BYTES, runHookCommand } from "./run-command.js";

/** The Claude Code hook events Gong supports (ARCHITECTURE §5). */
export type CommandHookEvent =
  | "PreToolUse"
  | "PostToolUse"
  | "UserPromptSubmit"
  | "SessionStart"
  | "Stop"
  | "PreCompact";

export interface CommandHookEntry {
  type: "command";
  command: string;
  /** Seconds (default 60, as in Claude Code). */
  timeout?: number;
}

export interface CommandHookMatcher {
  /** Regex, case-insensitive; empty, missing or `*` matches everything. */
  matcher?: string;
  hooks: CommandHookEntry[];
}

/** The `hooks` object of a Claude Code (or Gong) settings.json. */
export type CommandHooksConfig = Partial<Record<CommandHookEvent, CommandHookMatcher[]>>;

export interface CommandHooksOptions {
  cwd: string;
  sessionId?: string;
  transcriptPath?: string;
  /** The hooks' environment (default: gong's own). */
  env?: NodeJS.ProcessEnv;
  /**
   * Messages meant for the user (a blocked prompt's reason, a hook that failed), one
   * line each; default: a process warning.
   */
  notify?: (message: string) => void;
  /**
   * Asks the user about a tool call a PreToolUse hook answered `permissionDecision:
   * "ask"` for. Without it (print mode) such a call is blocked.
   */
  confirm?: ToolConfirmation;
  /**
   * The calls the user answered "always" for (the tool with that exact input is not
   * asked about again); shared with the session's confirmBash policy.
   */
  confirmed?: ConfirmedCalls;
}

/** A tool call a hook wants the user to confirm. */
export interface ToolConfirmationRequest {
  /** Gong's tool name (`bash`, `edit`, …). */
  toolName: string;
  /** The model's id for this call (an editor shows the question beside the call). */
  toolCallId: string;
  /** The call's arguments, as the model gave them. */
  input: unknown;
  /** The hook's `permissionDecisionReason`, or a line naming the hook. */
  reason: string;
}

export interface ToolConfirmation {
  /**
   * True allows the call; "always" allows it and, for the rest of the session, the same
   * tool with the same confirmBash pattern (or, for a hook's ask, the same input);
   * false, a throw or a rejection blocks it.
   */
  ask(request: ToolConfirmationRequest): Promise<boolean | "always">;
  /**
   * No answer within this time blocks the call. Part of the hook's own time budget, so
   * the agent's hook timeout (which would block every call, naming no command) never
   * fires first.
   */
  timeoutMs: number;
}

interface HookOutput {
  continue?: boolean;
  stopReason?: string;
  decision?: "block" | "approve" | string;
  reason?: string;
  hookSpecificOutput?: {
    permissionDecision?: "allow" | "deny" | "ask";
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
  };
}

interface Outcome {
  /** Exit 2, `decision: "block"`, `permissionDecision: "deny"|"ask"` or `continue: false`. */
  block?: string;
  output: HookOutput;
  /** Plain stdout (exit 0, not JSON): context for UserPromptSubmit / SessionStart. */
  plainStdout?: string;
}

const DEFAULT_TIMEOUT_S = 60;

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
function describeFailure(
  event: CommandHookEvent,
  command: string,
  result: CommandResult,
  timeoutS: number,
): string {
  const how = result.timedOut
    ? `timed out after ${timeoutS} s`
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
  return `${event} hook "${command}" failed (${how}): ${detail}`;
}

/** Command hooks whose configuration can change while the session goes on. */
export interface CommandHooks extends AgentHooks {
  /**
   * Settings edited mid-session: the next calls run the new hooks. SessionStart does
   * not run again — the session already started.
   */
  setConfig(config: CommandHooksConfig): void;
}

/**
 * Adapts Claude Code command hooks to agent hooks, so existing hook scripts work
 * unchanged: JSON on stdin, exit 2 blocks with stderr as the reason, JSON on stdout
 * (`decision`, `hookSpecificOutput.permissionDecision`, `updatedInput`,
 * `additionalContext`); any other exit code, a crash or a timeout is one warning through
 * `notify` and the hooks after it still run.
 */
export function createCommandHooks(
  initialConfig: CommandHooksConfig,
  options: CommandHooksOptions,
): CommandHooks {
  const notify = options.notify ?? ((message: string) => process.emitWarning(message));
  let config = initialConfig;
  const confirmMs = options.confirm?.timeoutMs ?? 0;
  const confirmed = options.confirmed ?? new Set<string>();
  let sessionStarted = false;
  let pendingContext: string[] = [];

  const base = (event: CommandHookEvent) => ({
    session_id: options.sessionId ?? "",
    transcript_path: options.transcriptPath ?? "",
    cwd: options.cwd,
    hook_event_name: event,
  });

  /**
   * What a hook says goes to the model: capped like a context file, with a warning.
   * `printedBytes` is what the hook printed in all: past MAX_HOOK_OUTPUT_BYTES the
   * runner kept only the first part, and the warning names the real size.
   */
  const cap = (
    text: string,
    event: CommandHookEvent,
    command: string,
    what: string,
    printedBytes = 0,
  ) => {
    const capped = capContextText(text, `${event} hook "${command}" ${what}`, {
      ...(printedBytes > MAX_HOOK_OUTPUT_BYTES ? { totalBytes: printedBytes } : {}),
    });
    if (capped.warning) notify(capped.warning);
    return capped.text;
  };

  async function run(
    event: CommandHookEvent,
    target: string | undefined,
    payload: Record<string, unknown>,
  ): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const group of config[event] ?? []) {
      if (target !== undefined && !matchesTool(group.matcher, target)) continue;
      for (const hook of group.hooks) {
        if (hook.type !== "command") continue;
        const timeoutS = hook.timeout ?? DEFAULT_TIMEOUT_S;
        const result = await runHookCommand(
          hook.command,
          JSON.stringify({ ...base(event), ...payload }),
          {
            cwd: options.cwd,
            timeoutMs: timeoutS * 1000,
            env: {
              ...(options.env ?? process.env),
              CLAUDE_PROJECT_DIR: options.cwd,
              GONG_PROJECT_DIR: options.cwd,
            },
          },
        );
        if (result.exitCode === 2) {
          const stderr = result.stderr.trim();
          const reason = stderr
            ? cap(stderr, event, hook.command, "reason", result.stderrBytes)
            : `blocked by hook command "${hook.command}"`;
          outcomes.push({ block: reason, output: {} });
          return outcomes; // a block ends the chain
        }
        if (result.exitCode !== 0) {
          // Claude Code lets the call go on after a non-blocking error, so this one is
          // reported and skipped — but the chain goes on: a broken logging hook must
          // never disarm the guard after it (STYLE "Security paths fail closed").
          notify(describeFailure(event, hook.command, result, timeoutS));
          continue;
        }
        const output = parseOutput(result.stdout);
        if (!output && isCutAnswer(result)) {
          // The JSON answer was cut at the output cap: what the hook decided is unknown,
          // so a guard says no (STYLE "Security paths fail closed"); other events go on.
          const reason = `${event} hook "${hook.command}" printed ${formatSize(result.stdoutBytes)}, more than the ${formatSize(MAX_HOOK_OUTPUT_BYTES)} gong reads, so its JSON answer could not be read`;
          notify(reason);
          if (event === "PreToolUse") {
            outcomes.push({ block: reason, output: {} });
            return outcomes;
          }
          continue;
        }
        if (!output) {
          const stdout = result.stdout.trim();
          outcomes.push({
            output: {},
            plainStdout: stdout && cap(stdout, event, hook.command, "output", result.stdoutBytes),
          });
          continue;
        }
        const specific = output.hookSpecificOutput;
        if (typeof specific?.additionalContext === "string") {
          specific.additionalContext = cap(
            specific.additionalContext,
            event,
            hook.command,
            "additionalContext",
          );
        }
        const denied =
          specific?.permissionDecision === "deny" || specific?.permissionDecision === "ask";
        let block: string | undefined;
        if (output.decision === "block" || denied || output.continue === false) {
          const reason = specific?.permissionDecisionReason ?? output.reason ?? output.stopReason;
          block =
            typeof reason === "string"
              ? cap(reason, event, hook.command, "reason")
              : `blocked by hook command "${hook.command}"`;
          if (specific?.permissionDecision === "ask") {
            const request = {
              toolName: target ?? "",
              toolCallId: String(payload.tool_use_id ?? ""),
              input: payload.tool_input,
              reason: block,
            };
            block = await confirmCall(options.confirm, request, {
              confirmed,
              key: `${request.toolName}\0input\0${JSON.stringify(request.input)}`,
            });
          }
        }
        outcomes.push(block ? { block, output } : { output });
        if (block) return outcomes;
      }
    }
    return outcomes;
  }

  const contextOf = (outcomes: Outcome[]) =>
    outcomes.flatMap((o) => {
      const context = o.output.hookSpecificOutput?.additionalContext ?? o.plainStdout;
      return context ? [context] : [];
    });

  return {
    name: "command-hooks",
    // Each command enforces its own timeout; the agent-level limit only has to cover
    // them all running one after another, each with a second to spare for the drain
    // and the kill after it (past this limit a PreToolUse call would be blocked).
    get timeoutMs() {
      const timeoutsS = Object.values(config)
        .flatMap((m) => m ?? [])
        .flatMap((m) => m.hooks.map((h) => h.timeout ?? DEFAULT_TIMEOUT_S));
      const totalTimeoutS = timeoutsS.reduce((sum, t) => sum + t, 0);
      return (totalTimeoutS + timeoutsS.length) * 1000 + confirmMs + 1000;
    },

    setConfig(next) {
      config = next;
    },

    async beforeToolCall(toolName, params, info): Promise<ToolCallDecision> {
      const outcomes = await run("PreToolUse", toolName, {
        tool_name: toClaudeToolName(toolName),
        tool_input: toClaudeToolInput(toolName, params),
        tool_use_id: info.toolCallId,
      });
      const blocked = outcomes.find((o) => o.block);
      if (blocked?.block) return { block: blocked.block };
      const updated = outcomes.findLast((o) => o.output.hookSpecificOutput?.updatedInput);
      const input = updated?.output.hookSpecificOutput?.updatedInput;
      return input ? { params: fromClaudeToolInput(toolName, input) } : "ok";
    },

    async onToolResult(toolName, result, info): Promise<ToolResponse> {
      const outcomes = await run("PostToolUse", toolName, {
        tool_name: toClaudeToolName(toolName),
        tool_input: toClaudeToolInput(
          toolName,
          result.context?.params_input as Record<string, unknown>,
        ),
        tool_response: result,
        tool_use_id: info.toolCallId,
      });
      // PostToolUse cannot undo the call: a block or added context is feedback for the model.
      const feedback = [
        ...outcomes.flatMap((o) => (o.block ? [o.block] : [])),
        ...outcomes.flatMap((o) => {
          const extra = o.output.hookSpecificOutput?.additionalContext;
          return extra ? [extra] : [];
        }),
      ];
      if (feedback.length === 0) return result;
      return {
        ...result,
        text: `${result.text}\n\nPostToolUse hook feedback:\n${feedback.join("\n")}`,
      };
    },

    async onInput(text) {
      const outcomes = await run("UserPromptSubmit", undefined, { prompt: text });
      const blocked = outcomes.find((o) => o.block);
      if (blocked?.block) {
        notify(`Prompt blocked by a UserPromptSubmit hook: ${blocked.block}`);
        return { action: "handled" };
      }
      pendingContext = [...pendingContext, ...contextOf(outcomes)];
      return { action: "passthrough" };
    },

    async onBeforeAgent() {
      const context: string[] = [];
      if (!sessionStarted) {
        sessionStarted = true;
        context.push(...contextOf(await run("SessionStart", "startup", { source: "startup" })));
      }
      context.push(...pendingContext);
      pendingContext = [];
      if (context.length === 0) return undefined;
      const message: UserMessage = {
        role: "user",
        content: `<hook-context>\n${context.join("\n")}\n</hook-context>`,
        timestamp: Date.now(),
      };
      return { messages: [message] };
    },

    async beforeStop({ stopHookActive }) {
      const outcomes = await run("Stop", undefined, { stop_hook_active: stopHookActive });
      const blocked = outcomes.find((o) => o.block);
      return blocked?.block ? { continueWith: blocked.block } : undefined;
    },

    async beforeSessionOp(op, meta) {
      if (op !== "compact") return "ok";
      const trigger = meta.reason === "manual" ? "manual" : "auto";
      const outcomes = await run("PreCompact", trigger, { trigger, custom_instructions: "" });
      const blocked = outcomes.find((o) => o.block);
      if (blocked?.block) {
        notify(`Compaction cancelled by a PreCompact hook: ${blocked.block}`);
        return "cancel";
      }
      return "ok";
    },
  };
}
