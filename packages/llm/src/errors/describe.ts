import { findProvider, OPENAI_COMPATIBLE } from "../models/catalog.js";
import type { ErrorKind } from "../types.js";
import { type ClassifiedError, isLoopback } from "./classify.js";

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
          : nextStep(classified.kind, classified, { ...hints, provider });
    return `${provider}${status}: ${server} answered with ${classified.providerMessage} instead of an API response. ${next}`;
  }
  // Drop the provider's own final period so "Connection error." + ". Next" reads once.
  const words = classified.providerMessage.replace(/\.+\s*$/, "") || "(no message)";
  return `${provider}${status}: ${words}. ${nextStep(classified.kind, classified, { ...hints, provider })}`;
}

const CHECK_BASE_URL =
  "Check the base URL: it must point at the provider's API, not at a web page, proxy or login portal.";

/**
 * Anthropic's 404 `not_found_error` "model: x", OpenAI "The model `x` does not exist",
 * Ollama "model 'x' not found". A bare 404 is not enough: a base URL missing its `/v1`
 * gets one too.
 */
const MODEL_NOT_FOUND = /^model: |model.*(not found|does not exist)|model_not_found/i;

function nextStep(
  kind: ErrorKind,
  classified: ClassifiedError,
  hints: DescribeHints & { provider: string },
): string {
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
      return refusedConnectionStep(hints.provider, hints.baseUrl ?? "the base URL");
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

/** The local servers Gong knows by provider name, and how each is started. */
const LOCAL_SERVERS: Record<string, string> = {
  ollama: "Ollama (ollama serve)",
  lmstudio: "LM Studio's server (lms server start)",
  vllm: "vLLM (vllm serve <model>)",
};

/** An OpenAI-compatible URL on a local server's default port names that server. */
const LOCAL_SERVER_PORTS: [RegExp, string][] = [
  [/:11434\b/, "ollama"],
  [/:1234\b/, "lmstudio"],
];

/**
 * Nothing listens at a base URL on this machine (the only refusal classify.ts reports
 * as such). A local server's provider (Ollama, LM Studio, vLLM, any OpenAI-compatible
 * server, a models.json provider) names the server to start; a hosted provider
 * (anthropic, openai, …) was pointed here by a base URL override — a proxy not running,
 * or a stale override — so the step names the override, not Ollama
 * (provider-errors.test.ts "a refused hosted provider's base URL does not suggest Ollama").
 */
function refusedConnectionStep(provider: string, url: string): string {
  const known = findProvider(provider);
  const hosted = known !== undefined && !isLoopback(known.baseUrl);
  if (hosted) {
    const variable = known.baseUrlEnv ? `, ${known.baseUrlEnv}` : "";
    return `Nothing answers at ${url}, the base URL given for ${provider} (its API is ${known.baseUrl}): start the proxy or server meant to listen there, or fix or remove the base URL (--base-url${variable}, models.json).`;
  }
  const profile =
    provider === OPENAI_COMPATIBLE
      ? LOCAL_SERVER_PORTS.find(([port]) => port.test(url))?.[1]
      : provider;
  const server = LOCAL_SERVERS[profile ?? ""] ?? "the server";
  return `Nothing answers at ${url}: is the server running? Start ${server} or pass --base-url.`;
}
