import { streamAnthropic } from "./providers/anthropic.js";
import { streamOpenAICompletions } from "./providers/openai-completions.js";
import { streamOpenAIResponses } from "./providers/openai-responses.js";
import type { Api, StreamFunction } from "./types.js";

/** API name → stream function. Built-ins are registered here; `registerApi` adds more. */
const registry = new Map<Api, StreamFunction>([
  ["anthropic-messages", streamAnthropic],
  ["openai-completions", streamOpenAICompletions],
  ["openai-responses", streamOpenAIResponses],
]);

/** Adds or replaces the stream function for an API (e.g. a test double or a new provider). */
export function registerApi(api: Api, streamFn: StreamFunction): void {
  registry.set(api, streamFn);
}

export function getApiStream(api: Api): StreamFunction | undefined {
  return registry.get(api);
}

export function getRegisteredApis(): Api[] {
  return [...registry.keys()];
}
