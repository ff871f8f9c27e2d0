import { isRecord } from "@gong/base";
import type { ErrorKind } from "../types.js";
import { findNotAnEndpoint, looksLikeHtml, summariseHtml } from "./foreign-answer.js";
import { isOverflowFailure } from "./overflow.js";

export interface ClassifiedError {
  kind: ErrorKind;
  /** HTTP status when the failure was an HTTP response. */
  status?: number;
  /** The provider's own words (or the transport error's message). */
  providerMessage: string;
  /** From `retry-after-ms` / `retry-after` (seconds or HTTP date). */
  retryAfterMs?: number;
  /**
   * Who answered when it was not the provider's API: an HTML page instead of an error
   * body (`html_page`), or a 2xx that was not the API's stream (`not_an_endpoint`).
   */
  foreign?: "html_page" | "not_an_endpoint";
}

const NETWORK_TEXT =
  /terminated|other side closed|socket hang up|ECONNRESET|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EPIPE|ETIMEDOUT|fetch failed|network|connection error/i;

/**
 * Maps whatever an SDK threw (HTTP error, mid-stream error event, transport failure,
 * unparsable chunk) to the kind agent-core decides on: retry (`rate_limit`,
 * `overloaded`, `server`, `network`, `timeout`), compact (`overflow`) or fail
 * (`auth`, `invalid_request`). Order matters: 429 is checked before overflow wording
 * (Pi bug #1038) and only explicit overflow wording makes a 400 an overflow, so a
 * thinking-block-order `invalid_request_error` stays `invalid_request` (test/stream-errors.test.ts, thinking-block order).
 */
export function classifyError(error: unknown, baseUrl?: string): ClassifiedError {
  const notAnEndpoint = findNotAnEndpoint(error);
  // A misconfigured base URL: retrying asks the same wrong server again.
  if (notAnEndpoint) {
    return {
      kind: "invalid_request",
      providerMessage: notAnEndpoint.message,
      foreign: "not_an_endpoint",
    };
  }
  const fields = readErrorFields(error);
  const { status, type } = fields;
  const providerMessage = fields.message;
  const result = (kind: ErrorKind): ClassifiedError => ({
    kind,
    ...(status === undefined ? {} : { status }),
    providerMessage,
    ...(fields.retryAfterMs === undefined ? {} : { retryAfterMs: fields.retryAfterMs }),
    ...(fields.html ? { foreign: "html_page" as const } : {}),
  });

  if (
    status === 401 ||
    status === 403 ||
    type === "authentication_error" ||
    type === "permission_error"
  )
    return result("auth");
  // OpenAI's "out of quota" is a 429 that no amount of waiting fixes.
  if (type === "insufficient_quota" || /exceeded your current quota/i.test(providerMessage))
    return result("auth");
  if (status === 429 || type === "rate_limit_error" || type === "rate_limit_exceeded")
    return result("rate_limit");
  if (status === 529 || status === 503 || type === "overloaded_error") return result("overloaded");
  if (isOverflowFailure(status, fields.bodyText ?? providerMessage)) return result("overflow");
  if (status === 408 || type === "timeout_error") return result("timeout");
  if (status !== undefined && status >= 500) return result("server");
  if (status !== undefined && status >= 400) return result("invalid_request");
  if (type === "invalid_request_error") return result("invalid_request");
  if (type === "api_error" || type === "server_error") return result("server");
  if (error instanceof SyntaxError) return result("server"); // malformed chunk (test/stream-errors.test.ts J.9 5.2)
  // A refused connection to this machine will not heal in 2 + 4 + 8 s: the local
  // server (Ollama, vLLM, LM Studio) is not running. Remote hosts keep the retries.
  if (/ECONNREFUSED/.test(fields.causeText) && baseUrl !== undefined && isLoopback(baseUrl))
    return result("connection_refused");
  if (
    fields.name === "APIConnectionError" ||
    NETWORK_TEXT.test(`${providerMessage} ${fields.causeText}`)
  )
    return result("network");
  return result("unknown");
}

interface ErrorFields {
  status?: number;
  type?: string;
  message: string;
  /** The raw response body when it was empty or not JSON. */
  bodyText?: string;
  name: string;
  causeText: string;
  retryAfterMs?: number;
  /** The body was an HTML page; `message` is its one-line summary. */
  html?: boolean;
}

/** Duck-types Anthropic and OpenAI SDK errors (same shape: status, headers, error body). */
function readErrorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error), name: "", causeText: "" };
  const record = error as Error & { status?: unknown; headers?: unknown; error?: unknown };
  const status = typeof record.status === "number" ? record.status : undefined;
  const body = record.error;
  const inner =
    isRecord(body) && isRecord(body.error) ? body.error : isRecord(body) ? body : undefined;
  const innerMessage = typeof inner?.message === "string" ? inner.message : undefined;
  const innerType =
    typeof inner?.type === "string"
      ? inner.type
      : typeof inner?.code === "string"
        ? inner.code
        : undefined;
  const causeText = causeChainText(error);
  const retryAfterMs = readRetryAfter(record.headers);
  const emptyBody = status !== undefined && body === undefined && /\(no body\)/.test(error.message);
  const rawMessage = innerMessage ?? stripStatusPrefix(error.message);
  // A proxy's error page arrives as the message text: summarise it, never print 100 KB.
  const html = innerMessage === undefined && looksLikeHtml(rawMessage);
  return {
    ...(status === undefined ? {} : { status }),
    ...(innerType === undefined ? {} : { type: innerType }),
    message: html ? summariseHtml(rawMessage) : rawMessage,
    ...(html ? { html } : {}),
    ...(emptyBody ? { bodyText: "" } : {}),
    name: error.name || error.constructor.name,
    causeText,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
}

/** `retry-after-ms`, else `retry-after` as seconds or an HTTP date. */
export function readRetryAfter(headers: unknown, now = Date.now()): number | undefined {
  const get = (name: string): string | undefined => {
    if (!headers) return undefined;
    if (typeof (headers as Headers).get === "function")
      return (headers as Headers).get(name) ?? undefined;
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === "string" ? value : undefined;
  };
  const ms = Number(get("retry-after-ms"));
  if (get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const value = get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Messages and codes of the error's causes: the SDKs wrap fetch's `TypeError: fetch
 * failed`, which wraps the socket error that has the code (`ECONNREFUSED`).
 */
function causeChainText(error: Error): string {
  const parts: string[] = [];
  let cause = (error as { cause?: unknown }).cause;
  for (let depth = 0; cause instanceof Error && depth < 5; depth++) {
    parts.push(cause.message, (cause as { code?: string }).code ?? "");
    cause = (cause as { cause?: unknown }).cause;
  }
  return parts.join(" ");
}

/** Whether the URL's host is this machine (localhost, 127.x, ::1). */
export function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host === "::1" || /^127\./.test(host);
  } catch {
    return false; // not a URL: nothing to say about it
  }
}

function stripStatusPrefix(message: string): string {
  return message.replace(/^\d{3}\s+/, "");
}
