import type { ErrorKind } from "../types.js";
import type { ClassifiedError } from "./classify.js";

export interface DescribeHints {
  /** Where the key came from (`--api-key`, models.json, `the environment variable X`). */
  apiKeySource?: string;
  idleTimeoutMs?: number;
  baseUrl?: string;
}

/**
 * The `errorMessage` a user (or the model) sees: what happened, in the provider's own
 * words, then what to do next. The provider text is kept verbatim so overflow wording
 * stays matchable later (`isContextOverflow` on a stored message).
 */
export function describeError(
  classified: ClassifiedError,
  provider: string,
  hints: DescribeHints = {},
): string {
  const status = classified.status === undefined ? "" : ` ${classified.status}`;
  if (classified.foreign === "not_an_endpoint")
    return `${provider}: ${classified.providerMessage}. ${CHECK_BASE_URL}`;
  if (classified.foreign === "html_page") {
    const server = hints.baseUrl ? `the server at ${hints.baseUrl}` : "the server";
    const next =
      classified.kind === "server"
        ? "The provider or a proxy before it failed: retry; if it persists, check the base URL."
        : classified.kind === "invalid_request"
          ? CHECK_BASE_URL
          : nextStep(classified.kind, classified, hints);
    return `${provider}${status}: ${server} answered with ${classified.providerMessage} instead of an API response. ${next}`;
  }
  // Drop the provider's own final period so "Connection error." + ". Next" reads once.
  const words = classified.providerMessage.replace(/\.+\s*$/, "") || "(no message)";
  return `${provider}${status}: ${words}. ${nextStep(classified.kind, classified, hints)}`;
}

const CHECK_BASE_URL =
  "Check the base URL: it must point at the provider's API, not at a web page, proxy or login portal.";

/**
 * Anthropic's 404 `not_found_error` "model: x", OpenAI "The model `x` does not exist",
 * Ollama "model 'x' not found". A bare 404 is not enough: a base URL missing its `/v1`
 * gets one too.
 */
const MODEL_NOT_FOUND = /^model: |model.*(not found|does not exist)|model_not_found/i;

function nextStep(kind: ErrorKind, classified: ClassifiedError, hints: DescribeHints): string {
  switch (kind) {
    case "auth":
      if (/quota|billing/i.test(classified.providerMessage))
        return "The account is out of quota: check the provider's plan and billing, then retry.";
      return hints.apiKeySource
        ? `The API key from ${hints.apiKeySource} was rejected: check it.`
        : "The API key was rejected: check the configured key.";
    case "rate_limit":
      return classified.retryAfterMs === undefined
        ? "Rate limited: wait and retry."
        : `Rate limited: retry after ${Math.ceil(classified.retryAfterMs / 1000)} s.`;
    case "overloaded":
      return "The provider is overloaded: retry in a moment.";
    case "overflow":
      // The next step (compact, start over) is the agent's to name: only it knows
      // whether compaction is on and already failed.
      return "The conversation no longer fits the model's context window.";
    case "timeout":
      return hints.idleTimeoutMs === undefined
        ? "The request timed out: retry."
        : // The provider message already says how long nothing came (run-stream.ts).
          "The connection was closed: retry, or raise the streamIdleTimeoutMs setting if the model needs longer to answer.";
    case "network":
      return "The connection failed or was cut: check the network or base URL, then retry.";
    case "connection_refused":
      return `Nothing answers at ${hints.baseUrl ?? "the base URL"}: is the server running? start Ollama or pass --base-url.`;
    case "server":
      return "The provider failed on its side: retry.";
    case "invalid_request":
      if (MODEL_NOT_FOUND.test(classified.providerMessage))
        return "The provider does not know this model: run gong --list-models to see the known ones, or check the id.";
      return "The provider rejected the request: check the model id and options; if it persists, report it as a bug.";
    default:
      return "Unexpected failure: retry, and report it if it persists.";
  }
}
