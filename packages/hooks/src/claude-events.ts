/**
 * Claude Code's hook events beyond the tool gates: PostToolUseFailure, PermissionRequest,
 * Notification, SessionEnd, SubagentStart and SubagentStop, each with Claude Code's stdin
 * fields and answers (README "Hooks"; pinned through the binary by
 * apps/cli/test/hook-events.test.ts, apps/rpc/test/hook-notification.test.ts and
 * apps/cli/test/interactive/pty-hook-events.test.ts). Each is a plain function over `RunEvent`, which
 * runs the event's hooks with the session's configuration at that moment.
 */
import type { ToolResponse } from "@gong/base";
import { fromClaudeToolInput, toClaudeToolInput, toClaudeToolName } from "@gong/tools";
import type { CommandHookEvent, HookOutcome } from "./hook-verdict.js";

/** Runs the hooks of one event: `target` is what the matchers test. */
export type RunEvent = (
  event: CommandHookEvent,
  target: string | undefined,
  payload: Record<string, unknown>,
) => Promise<HookOutcome[]>;

/** Why a session ended, in Claude Code's words (SessionEnd's `reason`, also its matcher). */
export type SessionEndReason = "clear" | "logout" | "prompt_input_exit" | "other";

/** Notification's `notification_type` (also its matcher). */
export type NotificationType = "permission_prompt" | "idle_prompt";

/** The subagent a SubagentStart / SubagentStop hook is about. */
export interface SubagentInfo {
  /** The task call's id: one subagent per call. */
  agentId: string;
  /** The subagent type (`general`, `explore`, an agent file's name). */
  agentType: string;
  /** Its own transcript (empty with `--no-session`). */
  transcriptPath: string;
}

/** What PermissionRequest hooks decided; undefined: none did, the user is asked. */
export type PermissionHookDecision =
  | { behavior: "allow"; params?: Record<string, unknown> }
  | { behavior: "deny"; message: string };

/**
 * PostToolUseFailure: a call whose envelope is an error. Claude Code's `error` is the
 * message; `is_interrupt` says the user stopped it. Added context is feedback for the
 * model, as PostToolUse's is.
 */
export async function postToolUseFailure(
  run: RunEvent,
  toolName: string,
  result: ToolResponse,
  toolCallId: string,
): Promise<string[]> {
  const outcomes = await run("PostToolUseFailure", toolName, {
    tool_name: toClaudeToolName(toolName),
    tool_input: toClaudeToolInput(
      toolName,
      result.context?.params_input as Record<string, unknown> | undefined,
    ),
    tool_use_id: toolCallId,
    error: result.error?.message ?? result.text,
    is_interrupt: result.error?.code === "ABORTED",
  });
  return outcomes.flatMap((o) => {
    const extra = o.output.hookSpecificOutput?.additionalContext;
    return [...(o.block ? [o.block] : []), ...(extra ? [extra] : [])];
  });
}

/**
 * PermissionRequest: runs where the user would be asked. `hookSpecificOutput.decision
 * .behavior` allow or deny (exit 2 denies too, stderr the reason) answers for them; the
 * first hook that decides wins. A hook that fails, times out or says nothing decides
 * nothing, and the user is asked (or, with no one to ask, the call is denied): a broken
 * hook never allows (STYLE "Security paths fail closed"). An allow's `updatedInput` is
 * the call's new arguments.
 */
export async function permissionRequest(
  run: RunEvent,
  toolName: string,
  input: unknown,
): Promise<PermissionHookDecision | undefined> {
  const params =
    typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const outcomes = await run("PermissionRequest", toolName, {
    tool_name: toClaudeToolName(toolName),
    tool_input: toClaudeToolInput(toolName, params),
    permission_suggestions: [],
  });
  for (const outcome of outcomes) {
    const decision = outcome.output.hookSpecificOutput?.decision;
    if (outcome.block && decision?.behavior !== "allow")
      return { behavior: "deny", message: decision?.message ?? outcome.block };
    if (decision?.behavior === "deny") {
      const message = decision.message ?? "denied by a PermissionRequest hook";
      return { behavior: "deny", message };
    }
    if (decision?.behavior === "allow") {
      const updated = decision.updatedInput;
      return updated
        ? { behavior: "allow", params: fromClaudeToolInput(toolName, updated) }
        : { behavior: "allow" };
    }
  }
  return undefined;
}

/** Notification: gong waits for the user (a permission question, or the next prompt). */
export async function notification(
  run: RunEvent,
  type: NotificationType,
  message: string,
): Promise<void> {
  await run("Notification", type, { message, notification_type: type });
}

/** SessionEnd: cannot stop the end; its hooks clean up and log. */
export async function sessionEnd(run: RunEvent, reason: SessionEndReason): Promise<void> {
  await run("SessionEnd", reason, { reason });
}

/** SubagentStart: what its hooks add (`additionalContext`) joins the subagent's context. */
export async function subagentStart(run: RunEvent, subagent: SubagentInfo): Promise<string[]> {
  const outcomes = await run("SubagentStart", subagent.agentType, {
    agent_id: subagent.agentId,
    agent_type: subagent.agentType,
  });
  return outcomes.flatMap((o) => {
    const extra = o.output.hookSpecificOutput?.additionalContext;
    return extra ? [extra] : [];
  });
}

/** SubagentStop: a block keeps the subagent going with the reason, as Stop does. */
export async function subagentStop(
  run: RunEvent,
  subagent: SubagentInfo,
  stopHookActive: boolean,
): Promise<string | undefined> {
  const outcomes = await run("SubagentStop", subagent.agentType, {
    stop_hook_active: stopHookActive,
    agent_id: subagent.agentId,
    agent_type: subagent.agentType,
    agent_transcript_path: subagent.transcriptPath,
  });
  return outcomes.find((o) => o.block)?.block;
}
