import {
  ABORTED_BY_USER,
  type AssistantMessage,
  type AssistantMessageEventStream,
  type Context,
  emptyUsage,
} from "@gong/llm";
import type { Span } from "@opentelemetry/api";
import { type AgentEvent, toMessageDelta } from "../events.js";
import { endSpan, startSpan } from "../observability/tracing.js";
import {
  isStructureError,
  retryDelayMs,
  retryLimit,
  shouldRetry,
  sleepUnlessAborted,
} from "../retry.js";
import type { ResolvedSettings } from "../settings.js";
import { normalizeAssistantContent, repairContext } from "./repair-context.js";
import type { LoopContext, RunConfig } from "./run-context.js";

type RetryEvent = Extract<AgentEvent, { type: "retry" }>;

/** How far recovery has gone for this LLM call; each kind is bounded (test/j9-agent-regressions.test.ts, section 5). */
export interface Attempts {
  retries: number;
  compacted: boolean;
  repaired: boolean;
}

/** What to do with a streamed attempt. Every attempt but a kept one ends `discarded`. */
export type Recovery =
  | { action: "keep"; message: AssistantMessage }
  | { action: "drop" }
  | { action: "compact" }
  | { action: "repair"; event: RetryEvent }
  | { action: "retry"; event: RetryEvent };

const COMPACTION_FAILED = "Automatic compaction failed: compact the session or start a new one.";

/**
 * An LLM call with recovery: retryable errors back off and try again (abortable while
 * waiting); an overflow compacts and retries once; a structure error repairs the
 * context and retries once, never compacting (test/j9-agent-regressions.test.ts 5.3); auth and other errors fail at
 * once (5.6 there). Returns the kept message, or `undefined` when the run was aborted with
 * nothing worth keeping. Every streamed attempt ends with one `message_end`.
 */
export async function* streamAssistantWithRecovery(
  context: LoopContext,
  config: RunConfig,
): AsyncGenerator<AgentEvent, AssistantMessage | undefined> {
  let attempts: Attempts = { retries: 0, compacted: false, repaired: false };
  for (;;) {
    const request = await buildRequest(context, config, attempts.repaired);
    const message = yield* streamAttempt(config, request);
    const recovery = decideRecovery(message, attempts, config.settings);
    if (recovery.action === "keep") {
      yield { type: "message_end", message: recovery.message };
      return recovery.message;
    }
    yield { type: "message_end", message, discarded: true };
    switch (recovery.action) {
      case "drop":
        return undefined;
      case "compact": {
        attempts = { ...attempts, compacted: true };
        const outcome = yield* config.compact("overflow");
        if (outcome !== "compacted") {
          return yield* announce(withAdvice(message, COMPACTION_FAILED));
        }
        break;
      }
      case "repair":
        attempts = { ...attempts, repaired: true };
        config.metrics.recordRetry();
        yield recovery.event;
        break;
      case "retry": {
        attempts = { ...attempts, retries: attempts.retries + 1 };
        config.metrics.recordRetry();
        yield recovery.event;
        const waited = await sleepUnlessAborted(recovery.event.delayMs, config.signal);
        if (!waited) return undefined;
        break;
      }
    }
  }
}

/** The recovery for one attempt's outcome: a plain function of the message and what was tried. */
export function decideRecovery(
  message: AssistantMessage,
  attempts: Attempts,
  settings: ResolvedSettings,
): Recovery {
  if (message.stopReason === "aborted") {
    // An aborted answer is kept when it says something (test/partial-message.test.ts).
    return hasVisibleContent(message) ? { action: "keep", message } : { action: "drop" };
  }
  if (message.stopReason !== "error") return { action: "keep", message };
  if (message.errorKind === "overflow") {
    return decideOverflow(message, attempts, settings.compaction.enabled);
  }
  if (isStructureError(message) && !attempts.repaired) {
    const errorMessage = message.errorMessage ?? "invalid request";
    return {
      action: "repair",
      event: {
        type: "retry",
        attempt: 1,
        maxAttempts: 1,
        delayMs: 0,
        errorKind: "structure",
        errorMessage,
      },
    };
  }
  const policy = settings.retry;
  if (shouldRetry(policy, message.errorKind, attempts.retries)) {
    const event: RetryEvent = {
      type: "retry",
      attempt: attempts.retries + 1,
      maxAttempts: retryLimit(policy, message.errorKind),
      delayMs: retryDelayMs(policy, attempts.retries, message.retryAfterMs),
      errorKind: message.errorKind ?? "unknown",
      errorMessage: message.errorMessage ?? "request failed",
    };
    return { action: "retry", event };
  }
  // An auth error already names the key's source and what to check (llm's describeError).
  if (attempts.retries === 0) return { action: "keep", message };
  // The message already says what to do next (llm's describeError); this adds only how
  // often it was tried, so the final line says each thing once.
  const advice = `Gave up after ${attempts.retries} ${attempts.retries === 1 ? "retry" : "retries"}.`;
  return { action: "keep", message: withAdvice(message, advice) };
}

function decideOverflow(
  message: AssistantMessage,
  attempts: Attempts,
  compactionEnabled: boolean,
): Recovery {
  if (!compactionEnabled) {
    // No command named: `/compact` exists only in interactive mode, and each app
    // (print mode, RPC) knows its own way to compact.
    const advice = "Auto-compaction is off: compact the session or start a new one.";
    return { action: "keep", message: withAdvice(message, advice) };
  }
  if (attempts.compacted) {
    const advice =
      "The context is still too large after compacting. Start a new session or remove large messages.";
    return { action: "keep", message: withAdvice(message, advice) };
  }
  return { action: "compact" };
}

/** The request: repaired history, `onContext` hooks, the tools in effect (schemas as is). */
async function buildRequest(
  context: LoopContext,
  config: RunConfig,
  dropThinking: boolean,
): Promise<Context> {
  const repaired = repairContext(context.messages, { dropThinking });
  const messages = await config.hooks.onContext(repaired);
  // Asked per call: context files edited during the run (even by its tools) apply at once.
  const systemPrompt = await context.systemPrompt.next(config.baseSystemPrompt());
  const tools = config.turnSetup().tools.map(({ name, description, parameters }) => ({
    name,
    description,
    parameters,
  }));
  return { systemPrompt, messages, tools };
}

/**
 * One LLM call, mirrored as `message_start/update`; returns the final message. The
 * caller closes it with `message_end` once it knows whether the attempt is kept.
 */
async function* streamAttempt(
  config: RunConfig,
  request: Context,
): AsyncGenerator<AgentEvent, AssistantMessage> {
  const { model, thinkingLevel } = config.turnSetup();
  const span = startSpan(
    "gong.llm_call",
    { "gen_ai.request.model": model.id, "gen_ai.system": model.provider },
    config.span,
  );
  const stream: AssistantMessageEventStream = config.streamFn(model, request, {
    ...(await config.streamOptions(model)),
    signal: config.signal,
    thinking: thinkingLevel,
    idleTimeoutMs: config.settings.streamIdleTimeoutMs,
  });
  // The provider's events as agent events. Only the first partial is sent (with
  // message_start); UIs rebuild the rest from the deltas (PartialMessage), so nothing is
  // copied per token. Not a generator of its own: each level costs every delta promises.
  let started = false;
  let streamed: AssistantMessage | undefined;
  for await (const event of stream) {
    if (event.type === "done") streamed = event.message;
    else if (event.type === "error") streamed = event.error;
    else {
      if (!started) {
        started = true;
        yield { type: "message_start", message: normalizeAssistantContent(event.partial) };
      }
      if (event.type !== "start") {
        yield { type: "message_update", assistantMessageEvent: toMessageDelta(event) };
      }
    }
  }
  const final = settleFinal(streamed ?? (await stream.result()), config.signal.aborted);
  // A stream that ended without a partial still opens its message before closing it.
  if (!started) yield { type: "message_start", message: final };
  recordCall(config, span, final);
  return final;
}

/** The final message as the loop keeps it: normalized, with usage, an abort as an abort. */
function settleFinal(message: AssistantMessage, aborted: boolean): AssistantMessage {
  const final = normalizeAssistantContent(message);
  const withUsage = { ...final, usage: final.usage ?? emptyUsage() };
  // After an abort, whatever the provider said (often a network error for the cut
  // connection) is an abort: never retried, never reported as a failure.
  if (!aborted && withUsage.stopReason !== "aborted") return withUsage;
  return {
    ...withUsage,
    stopReason: "aborted",
    // The unfinished tool calls of a partial answer never ran (test/partial-message.test.ts).
    content: withUsage.content.filter((p) => p.type !== "toolCall"),
    errorMessage: withUsage.errorMessage ?? ABORTED_BY_USER,
  };
}

function recordCall(config: RunConfig, span: Span, final: AssistantMessage) {
  config.metrics.recordLlmCall(final);
  span.setAttribute("gen_ai.usage.input_tokens", final.usage.input);
  span.setAttribute("gen_ai.usage.output_tokens", final.usage.output);
  span.setAttribute("gong.cost.usd", final.usage.cost?.total ?? 0);
  span.setAttribute("gong.stop_reason", final.stopReason);
  endSpan(span, final.stopReason === "error" ? final.errorMessage : undefined);
}

/** A final error decided after the streamed attempt was closed as discarded. */
async function* announce(message: AssistantMessage): AsyncGenerator<AgentEvent, AssistantMessage> {
  yield { type: "message_start", message };
  yield { type: "message_end", message };
  return message;
}

function hasVisibleContent(message: AssistantMessage): boolean {
  return message.content.some(
    (p) =>
      (p.type === "text" && p.text.trim() !== "") ||
      (p.type === "thinking" && p.thinking.trim() !== ""),
  );
}

function withAdvice(message: AssistantMessage, advice: string): AssistantMessage {
  const text = message.errorMessage ?? "The request failed.";
  return { ...message, errorMessage: text.includes(advice) ? text : `${text} ${advice}` };
}
