import type { AssistantMessage, Context, Usage } from "@gong/llm";
import { endSpan, startSpan } from "../observability/tracing.js";
import { isStructureError, retryDelayMs, shouldRetry, sleepUnlessAborted } from "../retry.js";
import { normalizeAssistantContent, repairContext } from "./repair-context.js";
import type { RunContext } from "./run-context.js";

const EMPTY_USAGE: Usage = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

function hasVisibleContent(message: AssistantMessage): boolean {
  return message.content.some(
    (p) =>
      (p.type === "text" && p.text.trim() !== "") ||
      (p.type === "thinking" && p.thinking.trim() !== ""),
  );
}

/** The model's tool list for the request; a tool's `parameters` schema is sent as is. */
async function buildContext(run: RunContext, dropThinking: boolean): Promise<Context> {
  const messages = repairContext(run.messages(), { dropThinking });
  const transformed = await run.hooks.onContext(messages);
  return {
    systemPrompt: run.systemPrompt,
    messages: transformed,
    tools: run.tools().map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
    })),
  };
}

/**
 * One LLM call: streams it, mirrors it as `message_start/update/end`, and returns the
 * final message. It is not added to the state here: the caller decides whether a
 * failed attempt is kept or retried.
 */
async function streamOnce(run: RunContext, context: Context): Promise<AssistantMessage> {
  const model = run.model();
  const span = startSpan(
    "gong.llm_call",
    { "gen_ai.request.model": model.id, "gen_ai.system": model.provider },
    run.span,
  );
  const options = {
    ...(await run.streamOptions()),
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
        run.emit({ type: "message_update", message: partial, assistantMessageEvent: event });
      }
    }
  }
  final = normalizeAssistantContent(final ?? (await stream.result()));
  final = { ...final, usage: final.usage ?? EMPTY_USAGE };
  if (run.signal.aborted && final.stopReason !== "aborted" && final.stopReason !== "error") {
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
  run.emit({ type: "message_end", message: final });
  run.metrics.recordLlmCall(final);
  span.setAttribute("gen_ai.usage.input_tokens", final.usage.input);
  span.setAttribute("gen_ai.usage.output_tokens", final.usage.output);
  endSpan(span, final.stopReason === "error" ? final.errorMessage : undefined);
  return final;
}

/**
 * An LLM call with recovery (ARCHITECTURE §5, §8): retryable errors back off and try
 * again (abortable while waiting); an overflow compacts and retries once; a
 * structure error repairs the context and retries once, never compacting (J.9 5.3);
 * auth and other errors fail at once (J.9 5.6). Returns the message to keep, or
 * `undefined` when an aborted attempt had nothing worth keeping.
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
      return hasVisibleContent(message) ? message : undefined;
    }
    if (message.stopReason !== "error") return message;

    if (message.errorKind === "overflow") {
      if (overflowRecovered || !run.settings.compaction.enabled) {
        return withAdvice(
          message,
          run.settings.compaction.enabled
            ? "The context is still too large after compacting. Start a new session or remove large messages."
            : "The context is too large for the model and auto-compaction is off. Run /compact or start a new session.",
        );
      }
      overflowRecovered = true;
      const outcome = await run.compact("overflow");
      if (outcome !== "compacted") {
        return withAdvice(
          message,
          "The context is too large and could not be compacted. Run /compact or start a new session.",
        );
      }
      continue;
    }
    if (isStructureError(message) && !structureRepaired) {
      structureRepaired = true;
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
    if (message.errorKind === "auth") {
      return withAdvice(
        message,
        "Check the API key (environment variable or --api-key) and try again.",
      );
    }
    if (attempt > 0) {
      return withAdvice(message, `Gave up after ${attempt} retries. Try again later.`);
    }
    return message;
  }
}

function withAdvice(message: AssistantMessage, advice: string): AssistantMessage {
  const text = message.errorMessage ?? "The request failed.";
  return { ...message, errorMessage: text.includes(advice) ? text : `${text} ${advice}` };
}
