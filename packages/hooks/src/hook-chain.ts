/**
 * Runs the hooks of one event in order, each command through `runHookCommand`, and
 * reads each result with `interpretHookResult`: the chain stops at the first block,
 * and a PreToolUse `ask` is put to the user (their no is the block).
 */

import type { ToolConfirmation } from "@gong/policy";
import { type ConfirmedCalls, confirmCall } from "@gong/policy";
import { matchesTool } from "@gong/tools";
import type { CommandHookMatcher } from "./command-hooks.js";
import { type CommandHookEvent, type HookOutcome, interpretHookResult } from "./hook-verdict.js";
import { runHookCommand } from "./run-command.js";

/** Seconds a hook may run without a `timeout` of its own (as in Claude Code). */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

/** What the chain needs from the session, fixed when the hooks are made. */
export interface HookChainContext {
  cwd: string;
  sessionId: string;
  transcriptPath: string;
  /** The hooks' environment. */
  env: NodeJS.ProcessEnv;
  notify: (message: string) => void;
  confirm?: ToolConfirmation;
  confirmed: ConfirmedCalls;
}

/** One event to run hooks for: the tool (or trigger) the matchers test, and the stdin payload. */
export interface HookEventCall {
  event: CommandHookEvent;
  target: string | undefined;
  payload: Record<string, unknown>;
}

/** The user's answer to a hook's `ask`: undefined allows the call, else the block reason. */
function askUser(
  context: HookChainContext,
  call: HookEventCall,
  reason: string,
): Promise<string | undefined> {
  const request = {
    toolName: call.target ?? "",
    toolCallId: String(call.payload.tool_use_id ?? ""),
    input: call.payload.tool_input,
    reason,
  };
  return confirmCall(context.confirm, request, {
    confirmed: answersOnly(context.confirmed),
    key: `${request.toolName}\0input\0${JSON.stringify(request.input)}`,
  });
}

/**
 * The session's answers without its rules: a hook's `ask` is the hook's question, which an
 * allow rule does not answer (README "Permissions": an allow rule spares the self-edit
 * guard's and the mode's questions, not a hook's) and a rule saved for the project would
 * not pass next time (the hook asks again); this session's "always" and a yes already
 * given to this very call do answer it.
 */
function answersOnly(confirmed: ConfirmedCalls): ConfirmedCalls {
  return {
    has: (key) => confirmed.has(key),
    add: (key) => confirmed.add(key),
    confirmedCall: (toolCallId) => confirmed.confirmedCall?.(toolCallId) ?? false,
    noteConfirmedCall: (toolCallId) => confirmed.noteConfirmedCall?.(toolCallId),
  };
}

export async function runHookChain(
  matchers: readonly CommandHookMatcher[],
  call: HookEventCall,
  context: HookChainContext,
): Promise<HookOutcome[]> {
  const outcomes: HookOutcome[] = [];
  const stdin = JSON.stringify({
    session_id: context.sessionId,
    transcript_path: context.transcriptPath,
    cwd: context.cwd,
    hook_event_name: call.event,
    ...call.payload,
  });
  const env = { ...context.env, CLAUDE_PROJECT_DIR: context.cwd, GONG_PROJECT_DIR: context.cwd };
  for (const group of matchers) {
    if (call.target !== undefined && !matchesTool(group.matcher, call.target)) continue;
    for (const hook of group.hooks) {
      if (hook.type !== "command") continue;
      const timeoutS = hook.timeout ?? DEFAULT_HOOK_TIMEOUT_S;
      const result = await runHookCommand(hook.command, stdin, {
        cwd: context.cwd,
        timeoutMs: timeoutS * 1000,
        env,
      });
      const verdict = interpretHookResult(
        { event: call.event, command: hook.command, timeoutS },
        result,
      );
      for (const warning of verdict.warnings) context.notify(warning);
      // Only a tool call can be put to the user; elsewhere (a PermissionRequest hook
      // answering "ask" would ask again) it decides nothing.
      if (verdict.next === "ask" && call.event !== "PreToolUse") continue;
      if (verdict.next === "ask") {
        const block = await askUser(context, call, verdict.reason);
        outcomes.push(block ? { block, output: verdict.output } : { output: verdict.output });
        if (block) return outcomes;
        continue;
      }
      if (verdict.outcome) outcomes.push(verdict.outcome);
      if (verdict.next === "stop") return outcomes; // a block ends the chain
    }
  }
  return outcomes;
}
