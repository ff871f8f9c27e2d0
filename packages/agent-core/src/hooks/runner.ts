import type { ImageContent, Message } from "@gong/llm";
import type { ToolResponse } from "@gong/truncate";
import type { AgentEvent } from "../events.js";
import type {
  AgentHooks,
  BeforeAgentResult,
  SessionOp,
  StopDecision,
  ToolCallInfo,
} from "./types.js";

export const DEFAULT_HOOK_TIMEOUT_MS = 5000;

type HookErrorEvent = Extract<AgentEvent, { type: "hook_error" }>;

export type ToolGateOutcome =
  | { blocked: false; params: Record<string, unknown> }
  | { blocked: true; reason: string; hookName: string };

export type InputOutcome =
  | { handled: true }
  | { handled: false; text: string; images: ImageContent[] };

const TIMED_OUT = Symbol("timed out");

/**
 * Runs hooks in registration order (seed 002 §I.5). A hook that throws or exceeds the
 * timeout is skipped and reported as a `hook_error` (J.10 4.1–4.3): the chain goes on
 * with the value it had, so one broken hook never stops the agent.
 */
export class HookRunner {
  constructor(
    private hooks: AgentHooks[],
    private timeoutMs: number,
    private readonly report: (event: HookErrorEvent) => void,
  ) {}

  /** The limit for hooks without their own `timeoutMs` (settings edited mid-session). */
  setTimeoutMs(timeoutMs: number): void {
    this.timeoutMs = timeoutMs;
  }

  add(hook: AgentHooks): void {
    this.hooks = [...this.hooks, hook];
  }

  remove(hook: AgentHooks): void {
    this.hooks = this.hooks.filter((h) => h !== hook);
  }

  has(callback: keyof AgentHooks): boolean {
    return this.hooks.some((hook) => typeof hook[callback] === "function");
  }

  /** Calls one hook callback with isolation; `skipped` when it threw or timed out. */
  private async call<T>(
    hook: AgentHooks,
    callback: string,
    index: number,
    invoke: () => T | Promise<T>,
  ): Promise<{ skipped: true } | { skipped: false; value: T }> {
    const hookName = hook.name ?? `hook#${index}`;
    const timeoutMs = hook.timeoutMs ?? this.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
        timer.unref?.();
      });
      const value = await Promise.race([Promise.resolve().then(invoke), timeout]);
      if (value === TIMED_OUT) {
        this.report({
          type: "hook_error",
          hookName,
          callback,
          error: `Hook ${hookName}.${callback} did not finish within ${timeoutMs} ms and was skipped; raise hookTimeoutMs in the settings if it needs longer.`,
          timedOut: true,
        });
        return { skipped: true };
      }
      return { skipped: false, value: value as T };
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      this.report({
        type: "hook_error",
        hookName,
        callback,
        error: `Hook ${hookName}.${callback} threw and was skipped: ${err.message}`,
        ...(err.stack ? { stack: err.stack } : {}),
      });
      return { skipped: true };
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  /** Notify: every hook sees the event; nothing they return matters. */
  async notify(event: AgentEvent): Promise<void> {
    for (const [index, hook] of this.hooks.entries()) {
      if (!hook.onEvent) continue;
      await this.call(hook, "onEvent", index, () => hook.onEvent?.(event));
    }
  }

  async beforeToolCall(
    toolName: string,
    params: Record<string, unknown>,
    info: ToolCallInfo,
  ): Promise<ToolGateOutcome> {
    let current = params;
    for (const [index, hook] of this.hooks.entries()) {
      if (!hook.beforeToolCall) continue;
      const outcome = await this.call(hook, "beforeToolCall", index, () =>
        hook.beforeToolCall?.(toolName, current, info),
      );
      if (outcome.skipped) continue;
      const decision = outcome.value;
      if (decision && typeof decision === "object") {
        if ("block" in decision) {
          return { blocked: true, reason: decision.block, hookName: hook.name ?? `hook#${index}` };
        }
        if ("params" in decision && decision.params) current = decision.params;
      }
    }
    return { blocked: false, params: current };
  }

  /** True when every hook lets the operation go ahead. */
  async beforeSessionOp(op: SessionOp, meta: Record<string, unknown>): Promise<boolean> {
    for (const [index, hook] of this.hooks.entries()) {
      if (!hook.beforeSessionOp) continue;
      const outcome = await this.call(hook, "beforeSessionOp", index, () =>
        hook.beforeSessionOp?.(op, meta),
      );
      if (!outcome.skipped && outcome.value === "cancel") return false;
    }
    return true;
  }

  async onToolResult(toolName: string, result: ToolResponse, info: ToolCallInfo) {
    let current = result;
    for (const [index, hook] of this.hooks.entries()) {
      if (!hook.onToolResult) continue;
      const input = current;
      const outcome = await this.call(hook, "onToolResult", index, () =>
        hook.onToolResult?.(toolName, input, info),
      );
      // A hook that returns nothing keeps the result as it was.
      if (!outcome.skipped && outcome.value && typeof outcome.value === "object") {
        current = outcome.value;
      }
    }
    return current;
  }

  async onContext(messages: Message[]): Promise<Message[]> {
    if (!this.has("onContext")) return messages;
    // A deep copy: a hook that edits messages in place must not change the agent's
    // history (a Pi bug, seed 002 §I.9).
    let current = structuredClone(messages);
    for (const [index, hook] of this.hooks.entries()) {
      if (!hook.onContext) continue;
      const input = current;
      const outcome = await this.call(hook, "onContext", index, () => hook.onContext?.(input));
      if (!outcome.skipped && Array.isArray(outcome.value)) current = outcome.value;
    }
    return current;
  }

  async onInput(text: string, images: ImageContent[]): Promise<InputOutcome> {
    let current = { text, images };
    for (const [index, hook] of this.hooks.entries()) {
      if (!hook.onInput) continue;
      const input = current;
      const outcome = await this.call(hook, "onInput", index, () =>
        hook.onInput?.(input.text, input.images),
      );
      if (outcome.skipped || !outcome.value) continue;
      const decision = outcome.value;
      if (decision.action === "handled") return { handled: true };
      if (decision.action === "transform") {
        current = { text: decision.text, images: decision.images ?? current.images };
      }
    }
    return { handled: false, ...current };
  }

  async onBeforeAgent(prompt: string, systemPrompt: string) {
    let current: Required<BeforeAgentResult> = { prompt, systemPrompt, messages: [] };
    for (const [index, hook] of this.hooks.entries()) {
      if (!hook.onBeforeAgent) continue;
      const input = current;
      const outcome = await this.call(hook, "onBeforeAgent", index, () =>
        hook.onBeforeAgent?.(input.prompt, input.systemPrompt),
      );
      if (outcome.skipped || !outcome.value) continue;
      const result = outcome.value;
      current = {
        prompt: result.prompt ?? current.prompt,
        systemPrompt: result.systemPrompt ?? current.systemPrompt,
        messages: [...current.messages, ...(result.messages ?? [])],
      };
    }
    return current;
  }

  /** The first hook asking to continue wins. */
  async beforeStop(stopHookActive: boolean): Promise<StopDecision> {
    for (const [index, hook] of this.hooks.entries()) {
      if (!hook.beforeStop) continue;
      const outcome = await this.call(hook, "beforeStop", index, () =>
        hook.beforeStop?.({ stopHookActive }),
      );
      if (!outcome.skipped && outcome.value) return outcome.value;
    }
    return undefined;
  }
}
