import type { AgentHooks, ToolCallDecision } from "@gong/agent-core";
import type { ToolResponse } from "@gong/base";
import type { UserMessage } from "@gong/llm";
import type { ConfirmedCalls } from "../policy/confirm-call.js";
import { fromClaudeToolInput, toClaudeToolInput, toClaudeToolName } from "./claude-tool-names.js";
import { DEFAULT_HOOK_TIMEOUT_S, type HookChainContext, runHookChain } from "./hook-chain.js";
import type { CommandHookEvent, HookOutcome } from "./hook-verdict.js";

export type { CommandHookEvent } from "./hook-verdict.js";

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
  /**
   * The rule an "always for this project" answer saves (`Bash(npm test:*)`), shown with
   * that choice; absent where it is not offered (a folder that is not trusted).
   */
  projectRule?: string;
}

/** The user's answer: "always" for the rest of the session, "always-project" also saves `projectRule`. */
export type ConfirmationAnswer = boolean | "always" | "always-project";

export interface ToolConfirmation {
  /**
   * True allows the call; "always" allows it and, for the rest of the session, the same
   * tool with the same confirmBash pattern (or, for a hook's ask, the same input);
   * "always-project" also saves `request.projectRule` for the project; false, a throw or
   * a rejection blocks it.
   */
  ask(request: ToolConfirmationRequest): Promise<ConfirmationAnswer>;
  /**
   * No answer within this time blocks the call. Part of the hook's own time budget, so
   * the agent's hook timeout (which would block every call, naming no command) never
   * fires first.
   */
  timeoutMs: number;
}

/** The block that ends a chain, if a hook blocked. */
const blockOf = (outcomes: readonly HookOutcome[]) => outcomes.find((o) => o.block)?.block;

/** What the hooks of UserPromptSubmit / SessionStart give the model as context. */
const contextOf = (outcomes: readonly HookOutcome[]) =>
  outcomes.flatMap((o) => {
    const context = o.output.hookSpecificOutput?.additionalContext ?? o.plainStdout;
    return context ? [context] : [];
  });

/** The last `updatedInput` a PreToolUse hook gave, if any. */
const updatedInputOf = (outcomes: readonly HookOutcome[]) =>
  outcomes.findLast((o) => o.output.hookSpecificOutput?.updatedInput)?.output.hookSpecificOutput
    ?.updatedInput;

/** PostToolUse cannot undo the call: a block or added context is feedback for the model. */
function withPostToolFeedback(
  result: ToolResponse,
  outcomes: readonly HookOutcome[],
): ToolResponse {
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
}

function hookContextMessage(context: readonly string[]): UserMessage {
  return {
    role: "user",
    content: `<hook-context>\n${context.join("\n")}\n</hook-context>`,
    timestamp: Date.now(),
  };
}

/**
 * Each command enforces its own timeout; the agent-level limit only has to cover them
 * all running one after another, each with a second to spare for the drain and the
 * kill after it (past this limit a PreToolUse call would be blocked).
 */
function chainTimeoutMs(config: CommandHooksConfig, confirmMs: number): number {
  const timeoutsS = Object.values(config)
    .flatMap((m) => m ?? [])
    .flatMap((m) => m.hooks.map((h) => h.timeout ?? DEFAULT_HOOK_TIMEOUT_S));
  const totalTimeoutS = timeoutsS.reduce((sum, t) => sum + t, 0);
  return (totalTimeoutS + timeoutsS.length) * 1000 + confirmMs + 1000;
}

/** Runs the hooks of one event with the session's configuration at that moment. */
type RunEvent = (
  event: CommandHookEvent,
  target: string | undefined,
  payload: Record<string, unknown>,
) => Promise<HookOutcome[]>;

/** PreToolUse: a block stops the call; the last `updatedInput` replaces its arguments. */
async function preToolUse(
  run: RunEvent,
  toolName: string,
  params: Record<string, unknown>,
  toolCallId: string,
): Promise<ToolCallDecision> {
  const outcomes = await run("PreToolUse", toolName, {
    tool_name: toClaudeToolName(toolName),
    tool_input: toClaudeToolInput(toolName, params),
    tool_use_id: toolCallId,
  });
  const block = blockOf(outcomes);
  if (block) return { block };
  const input = updatedInputOf(outcomes);
  return input ? { params: fromClaudeToolInput(toolName, input) } : "ok";
}

async function postToolUse(
  run: RunEvent,
  toolName: string,
  result: ToolResponse,
  toolCallId: string,
): Promise<ToolResponse> {
  const outcomes = await run("PostToolUse", toolName, {
    tool_name: toClaudeToolName(toolName),
    tool_input: toClaudeToolInput(
      toolName,
      result.context?.params_input as Record<string, unknown>,
    ),
    tool_response: result,
    tool_use_id: toolCallId,
  });
  return withPostToolFeedback(result, outcomes);
}

/** PreCompact: a block cancels the compaction, and the user is told why. */
async function preCompact(
  run: RunEvent,
  notify: (message: string) => void,
  trigger: "manual" | "auto",
): Promise<"ok" | "cancel"> {
  const block = blockOf(await run("PreCompact", trigger, { trigger, custom_instructions: "" }));
  if (!block) return "ok";
  notify(`Compaction cancelled by a PreCompact hook: ${block}`);
  return "cancel";
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
 * `notify` and the hooks after it still run. Each result is read by one pure function
 * (`interpretHookResult`, hook-verdict.ts) and the commands run in `runHookChain`
 * (hook-chain.ts); what is left here maps the agent's hook points to hook events.
 */
export function createCommandHooks(
  initialConfig: CommandHooksConfig,
  options: CommandHooksOptions,
): CommandHooks {
  const chain: HookChainContext = {
    cwd: options.cwd,
    sessionId: options.sessionId ?? "",
    transcriptPath: options.transcriptPath ?? "",
    env: options.env ?? process.env,
    notify: options.notify ?? ((message: string) => process.emitWarning(message)),
    ...(options.confirm ? { confirm: options.confirm } : {}),
    confirmed: options.confirmed ?? new Set<string>(),
  };
  const { notify } = chain;
  const confirmMs = options.confirm?.timeoutMs ?? 0;
  let config = initialConfig;
  const run: RunEvent = (event, target, payload) =>
    runHookChain(config[event] ?? [], { event, target, payload }, chain);
  // SessionStart runs before the first agent call; prompt context waits for the next one.
  let sessionStarted = false;
  const pendingContext: string[] = [];

  return {
    name: "command-hooks",
    // The user wrote these hooks, but not under this name.
    label: "a PreToolUse hook",
    get timeoutMs() {
      return chainTimeoutMs(config, confirmMs);
    },

    setConfig(next) {
      config = next;
    },

    beforeToolCall: (toolName, params, info) => preToolUse(run, toolName, params, info.toolCallId),
    onToolResult: (toolName, result, info) => postToolUse(run, toolName, result, info.toolCallId),

    async onInput(text) {
      const outcomes = await run("UserPromptSubmit", undefined, { prompt: text });
      const block = blockOf(outcomes);
      if (block) {
        notify(`Prompt blocked by a UserPromptSubmit hook: ${block}`);
        return { action: "handled" };
      }
      pendingContext.push(...contextOf(outcomes));
      return { action: "passthrough" };
    },

    async onBeforeAgent() {
      const context: string[] = [];
      if (!sessionStarted) {
        sessionStarted = true;
        context.push(...contextOf(await run("SessionStart", "startup", { source: "startup" })));
      }
      context.push(...pendingContext.splice(0));
      if (context.length === 0) return undefined;
      return { messages: [hookContextMessage(context)] };
    },

    async beforeStop({ stopHookActive }) {
      const outcomes = await run("Stop", undefined, { stop_hook_active: stopHookActive });
      const block = blockOf(outcomes);
      return block ? { continueWith: block } : undefined;
    },

    async beforeSessionOp(op, meta) {
      if (op !== "compact") return "ok";
      return preCompact(run, notify, meta.reason === "manual" ? "manual" : "auto");
    },
  };
}
