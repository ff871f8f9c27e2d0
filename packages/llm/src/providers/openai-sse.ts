import type OpenAI from "openai";
import type { ServerSentEvent } from "./sse-decoder.js";

/**
 * What the openai SDK's `Stream` makes of each server-sent event, for the adapters that
 * read the body themselves: the parsed JSON, or undefined for an event to skip (the
 * Assistants API's `thread.*` events, anything after `[DONE]`). Data that is not JSON
 * throws its SyntaxError; `{ error }` in the data throws the SDK's APIError, as the SDK
 * does, so the errors classify as before.
 */
export function openAIEventReader(
  sdk: typeof OpenAI,
  headers: Headers,
): (event: ServerSentEvent) => unknown {
  let done = false;
  return (event) => {
    if (done) return undefined;
    if (event.data.startsWith("[DONE]")) {
      done = true;
      return undefined;
    }
    if (event.event?.startsWith("thread.")) return undefined;
    const data = JSON.parse(event.data) as { error?: unknown } | null;
    if (data?.error) throw new sdk.APIError(undefined, data.error as object, undefined, headers);
    return data;
  };
}
