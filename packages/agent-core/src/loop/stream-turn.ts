import { type AssistantMessage, type Context, emptyUsage } from "@gong/llm";
import { toMessageDelta } from "../events.js";
import { endSpan, startSpan } from "../observability/tracing.js";
import { isStructureError, retryDelayMs, shouldRetry, sleepUnlessAborted } from "../retry.js";
import { normalizeAssistantContent, repairContext } from "./repair-context.js";
import type { RunContext } from "./run-context.js";

function hasVisibleContent(message: AssistantMessage): boolean {
  return message.content.some(
    (p) =>
      (p.type === "text" && p.text.trim() !== "") ||
      (p.type === "thinking" && p.thinking.trim() !== ""),
  );
}

/** The request: repaired history, `onContext` hooks, the tools in effect (schemas as is). */
async function buildContext(run: RunContext, dropThinking: boolean): Promise<Context> {
  const messages = repairContext(run.messages(), { dropThinking });
  const transformed = await run.hooks.onContext(messages);
  // Context files edited during the run (even by this run's tools) apply from this call.
  run.refreshSystemPrompt();
  return {
    systemPrompt: run.systemPrompt(),
    messages: transformed,
    tools: run.tools().map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
    })),
  };
}

/**
 * One LLM call: streams it, mirrors it as `message_start/update`, and returns the final
 * message. The caller ends it (`message_end`) once it has decided whether the attempt
 * is kept or retried; nothing is added to the state here.
 */
async function streamOnce(run: RunContext, context: Context): Promise<AssistantMessage> {
  const model = run.model();
  const span = startSpan(
    "gong.llm_call",
    { "gen_ai.request.model": model.id, "gen_ai.system": model.provider },
    run.span,
  );
  const options = {
    ...(await run.streamOptions(model)),
    signal: run.signal,
    thinking: run.thinkingLevel(),
    idleTimeoutMs: run.settings.streamIdleTimeoutMs,
  };
  let started = false;
  let final: AssistantMessage | undefined;
  const begin = (partial: AssistantMessage) => {
    if (started) return;
    started = true;
    run.setStreamMessage(partial);
    run.emit({ type: "message_start", message: partial });
  };
  const stream = run.streamFn(model, context, options);
  for await (const event of stream) {
    switch (event.type) {
      case "start":
        begin(normalizeAssistantContent(event.partial));
        break;
      case "done":
        final = event.message;
        break;
      case "error":
        final = event.error;
        break;
      default: {
        const partial = normalizeAssistantContent(event.partial);
        begin(partial);
        run.setStreamMessage(partial);
        run.emit({ type: "message_update", assistantMessageEvent: toMessageDelta(event) });
      }
    }
  }
  final = normalizeAssistantContent(final ?? (await stream.result()));
  final = { ...final, usage: final.usage ?? emptyUsage() };
  // After an abort, whatever the provider said (often a network error for the cut
  // connection) is an abort: never retried, never reported as a failure.
  if (run.signal.aborted && final.stopReason !== "aborted") {
    final = { ...final, stopReason: "aborted" };
  }
  if (final.stopReason === "aborted") {
    // Seed 002 §2.4: keep a partial answer that has content; its unfinished tool calls never ran.
    final = {
      ...final,
      content: final.content.filter((p) => p.type !== "toolCall"),
      errorMessage: final.errorMessage ?? "Request was aborted by the user.",
    };
  }
  begin(final);
  run.setStreamMessage(null);
  run.metrics.recordLlmCall(final);
  span.setAttribute("gen_ai.usage.input_tokens", final.usage.input);
  span.setAttribute("gen_ai.usage.output_tokens", final.usage.output);
  span.setAttribute("gong.cost.usd", final.usage.cost?.total ?? 0);
  span.setAttribute("gong.stop_reason", final.stopReason);
  endSpan(span, final.stopReason === "error" ? final.errorMessage : undefined);
  return final;
}

/**
 * Closes the streamed message; `discarded` marks one that will not be kept in the state.
 * A kept message joins the state before its `message_end`, like every other message, so
 * a listener that persists at `message_end` has it on disk before its tools run.
 */
function endMessage(run: RunContext, message: AssistantMessage, kept: boolean) {
  if (kept) run.appendMessage(message);
  run.emit({ type: "message_end", message, ...(kept ? {} : { discarded: true }) });
}

/** A final error decided after the streamed attempt was closed as discarded. */
function announceFinal(run: RunContext, message: AssistantMessage): AssistantMessage {
  run.emit({ type: "message_start", message });
  endMessage(run, message, true);
  return message;
}

/**
 * An LLM call with recovery (ARCHITECTURE §5, §8): retryable errors back off and try
 * again (abortable while waiting); an overflow compacts and retries once; a
 * structure error repairs the context and retries once, never compacting (J.9 5.3);
 * auth and other errors fail at once (J.9 5.6). Returns the kept message (already in
 * the state), or `undefined` when an aborted attempt had nothing worth keeping. Every
 * streamed attempt ends with `message_end`; attempts that are not kept carry
 * `discarded: true`.
 */
export async function streamAssistantWithRecovery(
  run: RunContext,
): Promise<AssistantMessage | undefined> {
  const policy = run.settings.retry;
  let attempt = 0;
  let overflowRecovered = false;
  let structureRepaired = false;
  for (;;) {
    const context = await buildContext(run, structureRepaired);
    const message = await streamOnce(run, context);
    if (message.stopReason === "aborted") {
      const kept = hasVisibleContent(message);
      endMessage(run, message, kept);
      return kept ? message : undefined;
    }
    if (message.stopReason !== "error") {
      endMessage(run, message, true);
      return message;
    }

    if (message.errorKind === "overflow") {
      if (overflowRecovered || !run.settings.compaction.enabled) {
        const final = withAdvice(
          message,
          run.settings.compaction.enabled
            ? "The context is still too large after compacting. Start a new session or remove large messages."
            : // No command named: `/compact` exists only in interactive mode, and each app
              // (print mode, RPC) knows its own way to compact.
              "Auto-compaction is off: compact the session or start a new one.",
        );
        endMessage(run, final, true);
        return final;
      }
      overflowRecovered = true;
      endMessage(run, message, false);
      const outcome = await run.compact("overflow");
      if (outcome !== "compacted") {
        return announceFinal(
          run,
          withAdvice(
            message,
            "Automatic compaction failed: compact the session or start a new one.",
          ),
        );
      }
      continue;
    }
    if (isStructureError(message) && !structureRepaired) {
      structureRepaired = true;
      endMessage(run, message, false);
      run.metrics.recordRetry();
      run.emit({
        type: "retry",
        attempt: 1,
        maxAttempts: 1,
        delayMs: 0,
        errorKind: "structure",
        errorMessage: message.errorMessage ?? "invalid request",
      });
      continue;
    }
    if (shouldRetry(policy, message.errorKind, attempt)) {
      const delayMs = retryDelayMs(policy, attempt, message.retryAfterMs);
      attempt++;
      endMessage(run, message, false);
      run.metrics.recordRetry();
      run.emit({
        type: "retry",
        attempt,
        maxAttempts: policy.maxRetries,
        delayMs,
        errorKind: message.errorKind ?? "unknown",
        errorMessage: message.errorMessage ?? "request failed",
      });
      const waited = await sleepUnlessAborted(delayMs, run.signal);
      if (!waited) return undefined;
      continue;
    }
    let final = message;
    // An auth error already names the key's source and what to check (llm's describeError).
    if (attempt > 0) {
      final = withAdvice(message, `Gave up after ${attempt} retries. Try again later.`);
    }
    endMessage(run, final, true);
    return final;
  }
}

function withAdvice(message: AssistantMessage, advice: string): AssistantMessage {
  const text = message.errorMessage ?? "The request failed.";
  return { ...message, errorMessage: text.includes(advice) ? text : `${text} ${advice}` };
}
