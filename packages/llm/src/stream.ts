import { getApiStream } from "./api-registry.js";
import { emptyAssistantMessage } from "./assistant-message.js";
import { createAssistantMessageEventStream } from "./event-stream.js";
import { transformMessages } from "./transform/transform-messages.js";
import type {
  AssistantMessage,
  AssistantMessageEventStream,
  Context,
  ErrorKind,
  Model,
  StreamOptions,
} from "./types.js";

/**
 * Streams one assistant message from `model`. The context is repaired and converted
 * for the target first (`transformMessages`); failures end the stream with
 * `stopReason: "error" | "aborted"` — nothing throws.
 */
export function stream(
  model: Model,
  context: Context,
  options?: StreamOptions,
): AssistantMessageEventStream {
  const streamFn = getApiStream(model.api);
  if (!streamFn) {
    return failedStream(
      model,
      `No stream function is registered for API "${model.api}" (model ${model.provider}/${model.id}): use anthropic-messages, openai-completions or openai-responses, or call registerApi("${model.api}", fn).`,
    );
  }
  try {
    const messages = Array.isArray(context.messages) ? context.messages : [];
    return streamFn(model, { ...context, messages: transformMessages(messages, model) }, options);
  } catch (error) {
    // Only a bug (here or in a registered stream function) gets here; still data, not a throw.
    return failedStream(
      model,
      `Internal error preparing the request for ${model.provider}/${model.id}: ${error instanceof Error ? error.message : String(error)}. Please report it.`,
      "unknown",
    );
  }
}

/** Streams and resolves with the final message (which may carry `stopReason: "error"`). */
export function complete(
  model: Model,
  context: Context,
  options?: StreamOptions,
): Promise<AssistantMessage> {
  return stream(model, context, options).result();
}

function failedStream(
  model: Model,
  errorMessage: string,
  errorKind: ErrorKind = "invalid_request",
): AssistantMessageEventStream {
  const events = createAssistantMessageEventStream();
  const message = { ...emptyAssistantMessage(model, "error"), errorMessage, errorKind };
  events.push({ type: "start", partial: message });
  events.push({ type: "error", reason: "error", error: message });
  return events;
}
