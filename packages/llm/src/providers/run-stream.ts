import { emptyAssistantMessage } from "../assistant-message.js";
import { ABORTED_BY_USER } from "../errors/aborted.js";
import { classifyError } from "../errors/classify.js";
import { describeError } from "../errors/describe.js";
import { createAssistantMessageEventStream } from "../event-stream.js";
import { environmentApiKey, missingApiKeyMessage } from "../models/api-keys.js";
import { calculateCost } from "../models/cost.js";
import type {
  AssistantMessage,
  AssistantMessageEventStream,
  ErrorKind,
  Model,
  StreamOptions,
} from "../types.js";
import { expectEventStream } from "./expect-event-stream.js";
import { MessageBuilder } from "./message-builder.js";
import { sdkLogOptions } from "./sdk-warnings.js";

export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/** What a provider adapter gets to do its one job: request, then translate chunks. */
export interface ProviderRun {
  model: Model;
  options: StreamOptions;
  apiKey: string;
  /** Aborts on the caller's signal and on the idle timeout; pass it to the SDK. */
  signal: AbortSignal;
  builder: MessageBuilder;
  output: AssistantMessage;
  /** Call on every chunk received: counts as activity for the idle timeout. */
  touch(): void;
  /** Whether the consumer is waiting for the next event. */
  readerWaiting(): boolean;
}

/** The provider's stream ended without its terminal event (connection cut cleanly). */
export class IncompleteStreamError extends Error {
  constructor() {
    super("the connection ended before the response was complete (terminated)");
    this.name = "IncompleteStreamError";
  }
}

/**
 * The part every adapter shares: API key, idle timeout, abort, usage cost and turning
 * any failure into a terminal `error` event. `adapter` resolves when the provider
 * finished normally (after setting `output.stopReason`); whatever it throws becomes a
 * classified `stopReason: "error"` — nothing escapes the stream.
 */
export function runProviderStream(
  model: Model,
  options: StreamOptions = {},
  adapter: (run: ProviderRun) => Promise<void>,
): AssistantMessageEventStream {
  const events = createAssistantMessageEventStream();
  const output = emptyAssistantMessage(model, "stop");
  const builder = new MessageBuilder(output, events);
  const controller = new AbortController();
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const idle = idleWatch(idleTimeoutMs, controller);
  const onAbort = () => controller.abort(options.signal?.reason);

  const fail = (kind: ErrorKind | "aborted", message: string, retryAfterMs?: number) => {
    builder.endAll();
    output.stopReason = kind === "aborted" ? "aborted" : "error";
    output.errorMessage = message;
    if (kind !== "aborted") output.errorKind = kind;
    if (retryAfterMs !== undefined) output.retryAfterMs = retryAfterMs;
    finishUsage();
    events.push({
      type: "error",
      reason: output.stopReason === "aborted" ? "aborted" : "error",
      error: output,
    });
  };
  const finishUsage = () => {
    const usage = output.usage;
    usage.totalTokens = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
    calculateCost(model, usage);
  };

  const run = async () => {
    const { apiKey, apiKeySource, apiKeyError } = runApiKey(model, options);
    if (!apiKey) {
      events.push({ type: "start", partial: output });
      return fail("auth", apiKeyError);
    }
    if (options.signal?.aborted) {
      events.push({ type: "start", partial: output });
      return fail("aborted", "Request aborted before it was sent.");
    }
    options.signal?.addEventListener("abort", onAbort, { once: true });
    idle.start();
    events.push({ type: "start", partial: output });
    try {
      await adapter({
        model,
        options,
        apiKey,
        signal: controller.signal,
        builder,
        output,
        touch: idle.touch,
        readerWaiting: events.readerWaiting,
      });
      builder.endAll();
      finishUsage();
      const reason = output.stopReason;
      events.push({
        type: "done",
        reason: reason === "length" || reason === "toolUse" ? reason : "stop",
        message: output,
      });
    } catch (error) {
      if (options.signal?.aborted) return fail("aborted", ABORTED_BY_USER);
      const timedOutMs = idle.timedOut() ? idleTimeoutMs : undefined;
      const failure = describeFailure(error, model, apiKeySource, timedOutMs);
      fail(failure.kind, failure.message, failure.retryAfterMs);
    } finally {
      idle.stop();
      options.signal?.removeEventListener("abort", onAbort);
    }
  };
  // Start after the caller has the stream in hand; run() never throws.
  queueMicrotask(() => void run());
  return events;
}

/**
 * The idle timeout: aborts `controller` when no chunk arrived for `idleTimeoutMs`.
 * A chunk only bumps a counter (no clock read per chunk). The timer wakes every eighth
 * of the timeout and notes when it last saw the counter move, so a stall is detected
 * between idleTimeoutMs and 1.125 × idleTimeoutMs after the last chunk, never earlier.
 */
function idleWatch(idleTimeoutMs: number, controller: AbortController) {
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const slice = idleTimeoutMs / 8;
  let chunks = 0;
  let seenChunks = 0;
  let lastActivityAt = 0;
  const checkIdle = () => {
    const now = performance.now();
    if (chunks !== seenChunks) {
      seenChunks = chunks;
      lastActivityAt = now;
    }
    const idleFor = now - lastActivityAt;
    if (idleFor >= idleTimeoutMs) {
      timedOut = true;
      controller.abort(new Error(`no data for ${idleTimeoutMs} ms`));
    } else {
      timer = setTimeout(checkIdle, Math.min(slice, idleTimeoutMs - idleFor));
    }
  };
  return {
    start: () => {
      lastActivityAt = performance.now();
      timer = setTimeout(checkIdle, slice);
    },
    touch: () => {
      chunks++;
    },
    stop: () => clearTimeout(timer),
    timedOut: () => timedOut,
  };
}

/**
 * The key to send and where it came from. Given no key and no lookup failure (a caller
 * without a model registry), the environment step of the one key rule — the registry's
 * `getApiKey` — decides, for this model's base URL. Without a key, `apiKeyError` says why.
 */
function runApiKey(
  model: Model,
  options: StreamOptions,
): { apiKey: string | undefined; apiKeySource: string | undefined; apiKeyError: string } {
  const fromEnv =
    options.apiKey === undefined && options.apiKeyError === undefined
      ? environmentApiKey(model.provider, process.env, model.baseUrl)
      : undefined;
  const apiKey = fromEnv ? (fromEnv.ok ? fromEnv.apiKey : undefined) : options.apiKey;
  const apiKeySource =
    fromEnv?.ok && fromEnv.apiKey !== "none" ? fromEnv.source : options.apiKeySource;
  const apiKeyError =
    options.apiKeyError ??
    (fromEnv && !fromEnv.ok ? fromEnv.error : missingApiKeyMessage(model.provider));
  return { apiKey, apiKeySource, apiKeyError };
}

/** What a failed request says: its kind, the message for the user, and any retry-after. */
function describeFailure(
  error: unknown,
  model: Model,
  apiKeySource: string | undefined,
  timedOutMs: number | undefined,
): { kind: ErrorKind; message: string; retryAfterMs: number | undefined } {
  const classified = classifyError(error, model.baseUrl);
  if (timedOutMs !== undefined) {
    classified.kind = "timeout";
    classified.providerMessage = `no data received for ${timedOutMs} ms`;
  }
  const hints = {
    baseUrl: model.baseUrl,
    ...(apiKeySource ? { apiKeySource } : {}),
    ...(timedOutMs !== undefined ? { idleTimeoutMs: timedOutMs } : {}),
  };
  return {
    kind: classified.kind,
    message: describeError(classified, model.provider, { ...hints, baseUrl: model.baseUrl }),
    retryAfterMs: classified.retryAfterMs,
  };
}

/**
 * What every provider SDK client is built with: the run's key, base URL and headers,
 * no SDK retries (the agent's retry policy owns them), its log lines sent to
 * `onWarning`, and a fetch that refuses an answer that is not a stream.
 */
export function sdkClientOptions(run: ProviderRun) {
  return {
    apiKey: run.apiKey,
    baseURL: run.model.baseUrl,
    maxRetries: 0,
    defaultHeaders: { ...run.model.headers, ...run.options.headers },
    fetch: expectEventStream(run.model.api, run.model.baseUrl),
    ...sdkLogOptions(run.options.onWarning),
  };
}
