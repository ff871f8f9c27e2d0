/**
 * Answers that are not the provider's API at all: a proxy's 502 page, a login portal
 * that answers 200, a server that sent JSON where a stream was asked for. Their bodies
 * can be 100 KB of markup, so they are summarised to one line, never printed whole.
 */

const HTML_START = /^\s*(?:<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i;
const TITLE = /<title[^>]*>([\s\S]*?)<\/title>/i;
const MAX_SUMMARY = 80;

export function looksLikeHtml(text: string): boolean {
  return HTML_START.test(text) || TITLE.test(text.slice(0, 4096));
}

/** `an HTML page titled "502 Bad Gateway"`, or the page's first line of text. */
export function summariseHtml(html: string): string {
  const title = clip(collapse(TITLE.exec(html)?.[1] ?? ""));
  if (title) return `an HTML page titled "${title}"`;
  const firstLine = clip(collapse(html.replace(/<[^>]*>/g, " ")));
  return firstLine ? `an HTML page starting "${firstLine}"` : "an empty HTML page";
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function clip(text: string): string {
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1)}…` : text;
}

/** What each API's streaming endpoint is called in a message a user reads. */
const ENDPOINT_NAMES: Record<string, string> = {
  "anthropic-messages": "Anthropic Messages",
  "openai-completions": "OpenAI Chat Completions",
  "openai-responses": "OpenAI Responses",
};

/** A 2xx answer that is not the API's event stream (thrown from the SDK's fetch). */
export class NotAnEndpointError extends Error {
  constructor(
    readonly url: string,
    api: string,
    sent: string,
  ) {
    super(
      `the server at ${url} did not answer as an ${ENDPOINT_NAMES[api] ?? api} endpoint (it sent ${sent})`,
    );
    this.name = "NotAnEndpointError";
  }
}

/** The NotAnEndpointError behind `error`, which the SDKs wrap as a connection error. */
export function findNotAnEndpoint(error: unknown): NotAnEndpointError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if (current instanceof NotAnEndpointError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
