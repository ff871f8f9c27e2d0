/**
 * The three kinds of hooks (test/j10-hooks.test.ts, sections 1–3): notify (read-only events), gate (may block or
 * cancel) and transform (may rewrite data, chained in registration order). Every callback
 * is optional and may be async.
 */

import type { ToolResponse } from "@gong/base";
import type { ImageContent, Message } from "@gong/llm";
import type { AgentEvent } from "../events.js";

type MaybePromise<T> = T | Promise<T>;

/**
 * Gate answer of `beforeToolCall`: allow (optionally with rewritten params) or block.
 * A block reads `Blocked by <label>: <reason>` to the model (`label` defaults to
 * `hook <name>`); `byUser` marks the user's own decision (their answer in a permission
 * dialog, or their settings deciding for them), which the model reads as the reason
 * alone — the hook is only the messenger, and its name means nothing to the user.
 */
export type ToolCallDecision =
  | undefined
  | "ok"
  | { block: string; byUser?: boolean }
  | { params: Record<string, unknown> };

export type SessionOp = "compact" | "fork" | "switch" | "new" | (string & {});
export type SessionOpDecision = undefined | "ok" | "cancel";

export type InputDecision =
  | undefined
  | { action: "passthrough" }
  | { action: "handled" }
  | { action: "transform"; text: string; images?: ImageContent[] };

export interface BeforeAgentResult {
  prompt?: string;
  systemPrompt?: string;
  /** Extra messages placed before the prompt in the context (test/j10-hooks.test.ts 3.7). */
  messages?: Message[];
}

/** What a `Stop` hook may answer: keep going with this text as a new user message. */
export type StopDecision = undefined | { continueWith: string };

export interface ToolCallInfo {
  toolCallId: string;
  toolName: string;
  /** How many times in a row this exact call (same tool, same arguments) has been made. */
  repeatCount?: number;
}

export interface AgentHooks {
  /** Shown in `hook_error` events. */
  name?: string;
  /**
   * How a block of this hook is introduced to the user and the model (`Blocked by
   * <label>: …`), for a gate whose internal name means nothing to them: e.g. "a
   * PreToolUse hook". Default `hook <name>`.
   */
  label?: string;
  /** Overrides the agent's `hookTimeoutMs` for this hook's callbacks. */
  timeoutMs?: number;
  /** Notify: every agent event. Must not throw (it is isolated if it does). */
  onEvent?(event: AgentEvent): MaybePromise<void>;
  /** Gate: any block stops the chain; the model gets the reason as an error result. */
  beforeToolCall?(
    toolName: string,
    params: Record<string, unknown>,
    info: ToolCallInfo,
  ): MaybePromise<ToolCallDecision>;
  /** Gate: `cancel` stops the session operation (compaction, fork, …). */
  beforeSessionOp?(op: SessionOp, meta: Record<string, unknown>): MaybePromise<SessionOpDecision>;
  /** Transform: chained; return the envelope (changed or not). */
  onToolResult?(
    toolName: string,
    result: ToolResponse,
    info: ToolCallInfo,
  ): MaybePromise<ToolResponse>;
  /** Transform: the messages about to be sent to the model (the agent's state is untouched). */
  onContext?(messages: Message[]): MaybePromise<Message[]>;
  /**
   * Notify: the messages about to be sent (after every `onContext`), to read only. Not
   * copied, unlike `onContext`'s: a copy of a 2 800-message history before every model
   * call was a seventh of such a session's time (bench/src/profile.mjs).
   */
  observeContext?(messages: readonly Message[]): MaybePromise<void>;
  /** Transform with short-circuit: `handled` stops the chain and the agent ignores the input. */
  onInput?(text: string, images: ImageContent[]): MaybePromise<InputDecision>;
  /** Transform: prompt and system prompt before a run, plus messages to inject. */
  onBeforeAgent?(prompt: string, systemPrompt: string): MaybePromise<BeforeAgentResult | undefined>;
  /** Gate at the end of a run (Claude Code `Stop`): ask the agent to continue. */
  beforeStop?(info: { stopHookActive: boolean }): MaybePromise<StopDecision>;
}
