import type { ToolResponse } from "@gong/base";
import type { ImageContent, Message } from "@gong/llm";
import type { AgentEvent } from "../events.js";
import type { AgentHooks, SessionOp, StopDecision, ToolCallInfo } from "./types.js";

export const DEFAULT_HOOK_TIMEOUT_MS = 5000;

type HookErrorEvent = Extract<AgentEvent, { type: "hook_error" }>;

export type ToolGateOutcome =
  | { blocked: false; params: Record<string, unknown> }
  | {
      blocked: true;
      reason: string;
      hookName: string;
      /** How the block is introduced: the hook's `label`, else `hook <name>`. */
      source: string;
      byUser: boolean;
    };

export type InputOutcome =
  | { handled: true }
  | { handled: false; text: string; images: ImageContent[] };

/** What the `onBeforeAgent` chain made of a run's start. */
export interface PreparedPrompt {
  prompt: string;
  systemPrompt: string;
  messages: Message[];
  /**
   * Applies the same hooks' system prompt edits to another base prompt (a context file
   * edited during the run): only the hooks that edited it are asked again.
   */
  rewriteSystemPrompt(base: string): Promise<string>;
}

type Callback = Exclude<keyof AgentHooks, "name" | "label" | "timeoutMs">;
type AnswerOf<K extends Callback> = Awaited<ReturnType<NonNullable<AgentHooks[K]>>>;

/** One hook's answer that carries a value. */
interface Answer<T> {
  hook: AgentHooks;
  index: number;
  hookName: string;
  value: T;
}

/** What `call` answers for a hook that threw. */
const SKIPPED = Symbol("skipped");
/** What `call` answers for a hook that did not answer in time. */
const TIMED_OUT = Symbol("timed out");
type NoAnswer = typeof SKIPPED | typeof TIMED_OUT;

/**
 * The one definition of "no value" for every kind of hook: a hook that was skipped (it
 * threw or timed out) or answered `undefined` / `null` leaves the chain as it was —
 * except a gate (`beforeToolCall`) that timed out, which blocks its call.
 */
function hasValue<T>(value: T | NoAnswer): value is NonNullable<T> {
  return value !== undefined && value !== null && value !== SKIPPED && value !== TIMED_OUT;
}

/**
 * Runs hooks in registration order (test/j10-hooks.test.ts 3.2). A hook that throws or exceeds the
 * timeout is skipped and reported as a `hook_error` (test/j10-hooks-isolation.test.ts 4.1–4.3): the chain goes on
 * with the value it had, so one broken hook never stops the agent nor disarms the next.
 * A gate is the exception: a `beforeToolCall` that throws or does not answer in time
 * blocks its call (a security check that cannot decide says no,
 * test/j10-hooks-isolation.test.ts "a gate that fails says no").
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

  /** The hooks in the order they run. */
  get list(): readonly AgentHooks[] {
    return this.hooks;
  }

  add(hook: AgentHooks, before?: AgentHooks): void {
    const at = before ? this.hooks.indexOf(before) : -1;
    this.hooks =
      at < 0 ? [...this.hooks, hook] : [...this.hooks.slice(0, at), hook, ...this.hooks.slice(at)];
  }

  remove(hook: AgentHooks): void {
    this.hooks = this.hooks.filter((h) => h !== hook);
  }

  has(callback: keyof AgentHooks): boolean {
    return this.hooks.some((hook) => typeof hook[callback] === "function");
  }

  /** Notify: every hook sees the event; nothing they return matters. */
  async notify(event: AgentEvent): Promise<void> {
    for await (const _ of this.answers("onEvent", (hook) => hook.onEvent?.(event))) {
      // Nothing to collect: the hooks were called.
    }
  }

  /** Gate: the first block wins; an allowing hook may rewrite the params for the next. */
  async beforeToolCall(
    toolName: string,
    params: Record<string, unknown>,
    info: ToolCallInfo,
  ): Promise<ToolGateOutcome> {
    let current = params;
    for (const [index, hook] of this.hooks.entries()) {
      if (typeof hook.beforeToolCall !== "function") continue;
      const hookName = nameOf(hook, index);
      const blocked = {
        blocked: true as const,
        hookName,
        source: hook.label ?? `hook ${hookName}`,
      };
      const value = await this.call(hook, index, "beforeToolCall", () =>
        hook.beforeToolCall?.(toolName, current, info),
      );
      if (value === TIMED_OUT) {
        const timeoutMs = hook.timeoutMs ?? this.timeoutMs;
        const reason = `the hook did not answer within ${timeoutMs} ms, so the call was not allowed. Raise hookTimeoutMs in the settings if it needs longer.`;
        return { ...blocked, reason, byUser: false };
      }
      if (value === SKIPPED) {
        const reason = `the hook failed, so the call was not allowed (its error is in the hook_error event). Fix or remove the hook ${hookName}.`;
        return { ...blocked, reason, byUser: false };
      }
      if (!hasValue(value) || typeof value !== "object") continue;
      if ("block" in value)
        return { ...blocked, reason: value.block, byUser: value.byUser === true };
      if (value.params) current = value.params;
    }
    return { blocked: false, params: current };
  }

  /** True when every hook lets the operation go ahead. */
  async beforeSessionOp(op: SessionOp, meta: Record<string, unknown>): Promise<boolean> {
    const answers = this.answers("beforeSessionOp", (hook) => hook.beforeSessionOp?.(op, meta));
    for await (const { value } of answers) {
      if (value === "cancel") return false;
    }
    return true;
  }

  async onToolResult(
    toolName: string,
    result: ToolResponse,
    info: ToolCallInfo,
  ): Promise<ToolResponse> {
    let current = result;
    const answers = this.answers("onToolResult", (hook) =>
      hook.onToolResult?.(toolName, current, info),
    );
    for await (const { value } of answers) {
      if (typeof value === "object") current = value;
    }
    return current;
  }

  async onContext(messages: Message[]): Promise<Message[]> {
    let current = messages;
    if (this.has("onContext")) {
      // A deep copy: a hook that edits messages in place must not change the agent's
      // history (a Pi bug; test/j10-hooks.test.ts 3.4b).
      current = structuredClone(messages);
      for await (const { value } of this.answers("onContext", (hook) =>
        hook.onContext?.(current),
      )) {
        if (Array.isArray(value)) current = value;
      }
    }
    const seen = current;
    for await (const _ of this.answers("observeContext", (hook) => hook.observeContext?.(seen))) {
      // Observers answer nothing.
    }
    return current;
  }

  /** Transform with short-circuit: `handled` ends the chain and the input is dropped. */
  async onInput(text: string, images: ImageContent[]): Promise<InputOutcome> {
    let current = { text, images };
    const answers = this.answers("onInput", (hook) => hook.onInput?.(current.text, current.images));
    for await (const { value } of answers) {
      if (value.action === "handled") return { handled: true };
      if (value.action === "transform") {
        current = { text: value.text, images: value.images ?? current.images };
      }
    }
    return { handled: false, ...current };
  }

  async onBeforeAgent(prompt: string, systemPrompt: string): Promise<PreparedPrompt> {
    let current = { prompt, systemPrompt, messages: [] as Message[] };
    // The hooks that edited the system prompt, with the prompt each was given.
    const editors: { hook: AgentHooks; index: number; prompt: string }[] = [];
    const answers = this.answers("onBeforeAgent", (hook) =>
      hook.onBeforeAgent?.(current.prompt, current.systemPrompt),
    );
    for await (const { hook, index, value } of answers) {
      if (value.systemPrompt !== undefined) editors.push({ hook, index, prompt: current.prompt });
      current = {
        prompt: value.prompt ?? current.prompt,
        systemPrompt: value.systemPrompt ?? current.systemPrompt,
        messages: [...current.messages, ...(value.messages ?? [])],
      };
    }
    const rewriteSystemPrompt = async (base: string) => {
      let rewritten = base;
      for (const { hook, index, prompt: given } of editors) {
        const answer = await this.call(hook, index, "onBeforeAgent", () =>
          hook.onBeforeAgent?.(given, rewritten),
        );
        if (hasValue(answer) && answer.systemPrompt !== undefined) rewritten = answer.systemPrompt;
      }
      return rewritten;
    };
    return { ...current, rewriteSystemPrompt };
  }

  /** The first hook asking to continue wins. */
  async beforeStop(stopHookActive: boolean): Promise<StopDecision> {
    const answers = this.answers("beforeStop", (hook) => hook.beforeStop?.({ stopHookActive }));
    for await (const { value } of answers) {
      if (typeof value === "object") return value;
    }
    return undefined;
  }

  /**
   * Every hook with `callback`, in order, each called only when the caller asks for the
   * next answer (so a chain passes each hook the value the previous one made). Yields
   * only answers that carry a value.
   */
  private async *answers<K extends Callback>(
    callback: K,
    invoke: (hook: AgentHooks) => AnswerOf<K> | undefined | Promise<AnswerOf<K> | undefined>,
  ): AsyncGenerator<Answer<NonNullable<AnswerOf<K>>>> {
    // `add` and `remove` replace the array: a hook added by a hook joins the next chain.
    for (const [index, hook] of this.hooks.entries()) {
      if (typeof hook[callback] !== "function") continue;
      const value = await this.call(hook, index, callback, () => invoke(hook));
      if (hasValue(value)) yield { hook, index, hookName: nameOf(hook, index), value };
    }
  }

  /** One hook callback, isolated: a throw or a timeout is reported and skips the hook. */
  private async call<T>(
    hook: AgentHooks,
    index: number,
    callback: Callback,
    invoke: () => T | Promise<T>,
  ): Promise<T | NoAnswer> {
    const hookName = nameOf(hook, index);
    const timeoutMs = hook.timeoutMs ?? this.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    // Not unref'd: a hook that never answers and holds nothing open must not let the
    // process exit mid-call (print mode exited 13, hooks-trust.test.ts).
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    });
    try {
      const value = await Promise.race([Promise.resolve().then(invoke), timeout]);
      if (value === TIMED_OUT) {
        const outcome =
          callback === "beforeToolCall" ? "the tool call was blocked" : "it was skipped";
        this.report({
          type: "hook_error",
          hookName,
          callback,
          error: `Hook ${hookName}.${callback} did not finish within ${timeoutMs} ms and ${outcome}; raise hookTimeoutMs in the settings if it needs longer.`,
          timedOut: true,
        });
      }
      return value;
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      this.report({
        type: "hook_error",
        hookName,
        callback,
        error: `Hook ${hookName}.${callback} threw and ${callback === "beforeToolCall" ? "the tool call was blocked" : "was skipped"}: ${err.message}`,
        ...(err.stack ? { stack: err.stack } : {}),
      });
      return SKIPPED;
    } finally {
      clearTimeout(timer);
    }
  }
}

function nameOf(hook: AgentHooks, index: number): string {
  return hook.name ?? `hook#${index}`;
}
