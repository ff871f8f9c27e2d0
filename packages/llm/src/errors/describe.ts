import type { ErrorKind } from "../types.js";
import type { ClassifiedError } from "./classify.js";

/**
 * The `errorMessage` a user (or the model) sees: what happened, in the provider's own
 * words, then what to do next. The provider text is kept verbatim so overflow wording
 * stays matchable later (`isContextOverflow` on a stored message).
 */
export function describeError(
  classified: ClassifiedError,
  provider: string,
  hints: { apiKeyEnv?: string; idleTimeoutMs?: number } = {},
): string {
  const status = classified.status === undefined ? "" : ` ${classified.status}`;
  // Drop the provider's own final period so "Connection error." + ". Next" reads once.
  const words = classified.providerMessage.replace(/\.+\s*$/, "") || "(no message)";
  return `${provider}${status}: ${words}. ${nextStep(classified.kind, classified, hints)}`;
}

function nextStep(
  kind: ErrorKind,
  classified: ClassifiedError,
  hints: { apiKeyEnv?: string; idleTimeoutMs?: number },
): string {
  switch (kind) {
    case "auth":
      if (/quota|billing/i.test(classified.providerMessage))
        return "The account is out of quota: check the provider's plan and billing, then retry.";
      return hints.apiKeyEnv
        ? `The API key was rejected: check ${hints.apiKeyEnv} (or the apiKey in models.json).`
        : "The API key was rejected: check the configured key.";
    case "rate_limit":
      return classified.retryAfterMs === undefined
        ? "Rate limited: wait and retry."
        : `Rate limited: retry after ${Math.ceil(classified.retryAfterMs / 1000)} s.`;
    case "overloaded":
      return "The provider is overloaded: retry in a moment.";
    case "overflow":
      return "The conversation no longer fits the model's context window: compact it or start a new session.";
    case "timeout":
      return hints.idleTimeoutMs === undefined
        ? "The request timed out: retry."
        : `No data for ${hints.idleTimeoutMs} ms, so the connection was closed: retry, or raise streamIdleTimeoutMs.`;
    case "network":
      return "The connection failed or was cut: check the network or base URL, then retry.";
    case "server":
      return "The provider failed on its side: retry.";
    case "invalid_request":
      return "The provider rejected the request: check the model id and options; if it persists, report it as a bug.";
    default:
      return "Unexpected failure: retry, and report it if it persists.";
  }
}
