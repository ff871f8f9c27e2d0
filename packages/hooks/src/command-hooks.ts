import type { AgentHooks, ToolCallDecision } from "@gong/agent-core";
import type { ToolResponse } from "@gong/base";
import type { UserMessage } from "@gong/llm";
import type { ConfirmedCalls, ToolConfirmation } from "@gong/policy";
import { fromClaudeToolInput, toClaudeToolInput, toClaudeToolName } from "@gong/tools";
import {
  type NotificationType,
  notification,
  type PermissionHookDecision,
  permissionRequest,
  postToolUseFailure,
  type RunEvent,
  type SessionEndReason,
  type SubagentInfo,
  sessionEnd,
  subagentStart,
  subagentStop,
} from "./claude-events.js";
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
   * asked about again); shared with the session's permission policy.
   */
  confirmed?: ConfirmedCalls;
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
  return withFeedback(result, "PostToolUse", feedback);
}

function withFeedback(
  result: ToolResponse,
  event: "PostToolUse" | "PostToolUseFailure",
  feedback: readonly string[],
): ToolResponse {
  if (feedback.length === 0) return result;
  return { ...result, text: `${result.text}\n\n${event} hook feedback:\n${feedback.join("\n")}` };
}

function hookContextMessage(context: readonly string[]): UserMessage {
  return {
    role: "user",
    content: `<hook-context>\n${context.join("\n")}\n</hook-context>`,
    timestamp: Date.now(),
  };
}

/**
 * The time PermissionRequest hooks add to a question. None configured: the question keeps
 * the app's own time limit, so a timeout is told as one ("did not confirm within").
 */
function permissionRequestMs(config: CommandHooksConfig): number {
  const hooks = config.PermissionRequest ?? [];
  return hooks.length === 0 ? 0 : chainTimeoutMs({ PermissionRequest: hooks }, 0);
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

/**
 * A PreToolUse hook that answered `permissionDecision: "allow"` (or the older
 * `decision: "approve"`): as in Claude Code, the call skips the mode's question but not
 * the deny and ask rules, nor the configuration guard (@gong/policy session-permissions.ts).
 */
const allowedBy = (outcomes: readonly HookOutcome[]) =>
  outcomes.some(
    (o) =>
      o.output.hookSpecificOutput?.permissionDecision === "allow" ||
      o.output.decision === "approve",
  );

/** PreToolUse: a block stops the call; the last `updatedInput` replaces its arguments. */
async function preToolUse(
  run: RunEvent,
  confirmed: ConfirmedCalls,
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
  if (allowedBy(outcomes)) confirmed.noteHookAllowed?.(toolCallId);
  const input = updatedInputOf(outcomes);
  return input ? { params: fromClaudeToolInput(toolName, input) } : "ok";
}

/** As in Claude Code, a call that failed runs PostToolUseFailure instead of PostToolUse. */
async function postToolUse(
  run: RunEvent,
  toolName: string,
  result: ToolResponse,
  toolCallId: string,
): Promise<ToolResponse> {
  if (result.status === "error") {
    const feedback = await postToolUseFailure(run, toolName, result, toolCallId);
    return withFeedback(result, "PostToolUseFailure", feedback);
  }
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
  /** PermissionRequest: the hooks' answer to a question about to be put to the user. */
  permissionRequest(toolName: string, input: unknown): Promise<PermissionHookDecision | undefined>;
  /** How long the PermissionRequest hooks may take in all (a question's time limit adds it). */
  readonly permissionRequestTimeoutMs: number;
  /** Notification: gong waits for the user. */
  notification(type: NotificationType, message: string): Promise<void>;
  /** SessionEnd, once, when the session closes. */
  sessionEnd(reason: SessionEndReason): Promise<void>;
  /**
   * The hooks a subagent runs with: the tool events as the parent's, SubagentStart before
   * its first model call and SubagentStop where the parent runs Stop; no SessionStart,
   * UserPromptSubmit or Stop (the session and the user's prompts are the parent's).
   */
  forSubagent(subagent: SubagentInfo): AgentHooks;
}

/** What every chain of these hooks runs with: the options, with their defaults. */
function chainContext(options: CommandHooksOptions): HookChainContext {
  return {
    cwd: options.cwd,
    sessionId: options.sessionId ?? "",
    transcriptPath: options.transcriptPath ?? "",
    env: options.env ?? process.env,
    notify: options.notify ?? ((message: string) => process.emitWarning(message)),
    ...(options.confirm ? { confirm: options.confirm } : {}),
    confirmed: options.confirmed ?? new Set<string>(),
  };
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
  const chain = chainContext(options);
  const { notify } = chain;
  let config = initialConfig;
  let ended = false;
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
      return chainTimeoutMs(config, chain.confirm?.timeoutMs ?? 0);
    },

    setConfig(next) {
      config = next;
    },

    get permissionRequestTimeoutMs() {
      return permissionRequestMs(config);
    },

    permissionRequest: (toolName, input) => permissionRequest(run, toolName, input),
    notification: (type, message) => notification(run, type, message),
    async sessionEnd(reason) {
      if (ended) return;
      ended = true;
      await sessionEnd(run, reason);
    },
    forSubagent(subagent) {
      return subagentHooks(run, subagent, this);
    },

    beforeToolCall: (toolName, params, info) =>
      preToolUse(run, chain.confirmed, toolName, params, info.toolCallId),
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

/** A subagent's command hooks (`CommandHooks.forSubagent`). */
function subagentHooks(run: RunEvent, subagent: SubagentInfo, parent: AgentHooks): AgentHooks {
  let started = false;
  return {
    name: parent.name ?? "command-hooks",
    ...(parent.label ? { label: parent.label } : {}),
    get timeoutMs() {
      return parent.timeoutMs;
    },
    ...(parent.beforeToolCall ? { beforeToolCall: parent.beforeToolCall } : {}),
    ...(parent.onToolResult ? { onToolResult: parent.onToolResult } : {}),
    ...(parent.beforeSessionOp ? { beforeSessionOp: parent.beforeSessionOp } : {}),
    async onBeforeAgent() {
      if (started) return undefined;
      started = true;
      const context = await subagentStart(run, subagent);
      return context.length > 0 ? { messages: [hookContextMessage(context)] } : undefined;
    },
    async beforeStop({ stopHookActive }) {
      const block = await subagentStop(run, subagent, stopHookActive);
      return block ? { continueWith: block } : undefined;
    },
  };
}
