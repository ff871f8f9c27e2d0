/**
 * One HTTP(S) GET with the limits web_fetch promises: redirects followed by hand (so
 * every hop is checked against the scheme and domain rules and the chain is reported),
 * a time limit for the whole fetch, a size cap enforced while the body streams in, and
 * binary bodies refused before they are downloaded when the server declares them.
 */
import { type Dispatcher, fetch } from "undici";
import { looksBinary } from "../read/sniff.js";
import { isTextMediaType, mediaType } from "./content-type.js";

export interface FetchPageOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
  /** Why `url` may not be fetched, or undefined; asked for the first URL and every redirect. */
  refuse: (url: URL) => FetchRefusal | undefined;
}

export interface FetchRefusal {
  kind: "scheme" | "domain";
  message: string;
}

export interface FetchedPage {
  ok: true;
  finalUrl: string;
  /** Every URL a redirect led to, in order. */
  redirects: string[];
  status: number;
  mediaType: string;
  body: Buffer;
}

export interface FetchFailure {
  ok: false;
  kind:
    | FetchRefusal["kind"]
    | "too_many_redirects"
    | "http_status"
    | "binary"
    | "too_large"
    | "timeout"
    | "aborted"
    | "network";
  message: string;
  url: string;
  status?: number;
  mediaType?: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type FetchResponse = Awaited<ReturnType<typeof fetch>>;

/**
 * The final response's body, if web_fetch may return it: a success status, text (a
 * declared binary type is refused before its body is read, an undeclared one after),
 * and no larger than `maxBytes` (counted while it streams in).
 */
async function readPage(
  response: FetchResponse,
  href: string,
  maxBytes: number,
): Promise<Omit<FetchedPage, "redirects"> | FetchFailure> {
  const type = mediaType(response.headers.get("content-type"));
  const failed = (kind: FetchFailure["kind"], message: string): FetchFailure => ({
    ok: false,
    kind,
    message,
    url: href,
    status: response.status,
    mediaType: type,
  });
  if (!response.ok) {
    await response.body?.cancel();
    return failed(
      "http_status",
      `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
    );
  }
  const binary = failed(
    "binary",
    `The response is binary (${type || "no content type, binary bytes"}); web_fetch only returns text.`,
  );
  if (isTextMediaType(type) === false) {
    await response.body?.cancel();
    return binary;
  }
  const tooLarge = failed("too_large", `The response is larger than ${maxBytes} bytes.`);
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await response.body?.cancel();
    return tooLarge;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // Leaving the loop cancels the body, which closes the connection.
    if (size > maxBytes) return tooLarge;
    chunks.push(Buffer.from(chunk));
  }
  const body = Buffer.concat(chunks);
  if (isTextMediaType(type) === undefined && looksBinary(body)) return binary;
  return { ok: true, finalUrl: href, status: response.status, mediaType: type, body };
}

/** A fetch that threw: our time limit, the caller's abort, or the network. */
function thrownFailure(
  error: unknown,
  href: string,
  why: { timedOut: boolean; aborted: boolean },
  timeoutMs: number,
): FetchFailure {
  if (why.timedOut) {
    return {
      ok: false,
      kind: "timeout",
      message: `No complete response within ${timeoutMs / 1000} seconds.`,
      url: href,
    };
  }
  if (why.aborted) {
    return { ok: false, kind: "aborted", message: "The fetch was aborted.", url: href };
  }
  // undici puts the socket-level reason (ECONNREFUSED, ENOTFOUND, a TLS error) in `cause`.
  const cause = (error as { cause?: { message?: string } }).cause?.message;
  const message = error instanceof Error ? error.message : String(error);
  return {
    ok: false,
    kind: "network",
    message: cause ? `${message}: ${cause}` : message,
    url: href,
  };
}

export async function fetchPage(
  start: URL,
  options: FetchPageOptions,
): Promise<FetchedPage | FetchFailure> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener("abort", forwardAbort, { once: true });
  const redirects: string[] = [];
  let url = start;
  try {
    for (;;) {
      const refusal = options.refuse(url);
      if (refusal) return { ok: false, ...refusal, url: url.href };
      const response = await fetch(url, {
        redirect: "manual",
        signal: controller.signal,
        dispatcher: options.dispatcher,
        headers: {
          "user-agent": "gong-web-fetch (+https://github.com/gong)",
          accept: "text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.8",
        },
      });
      const location = response.headers.get("location");
      if (REDIRECT_STATUSES.has(response.status) && location) {
        await response.body?.cancel();
        if (redirects.length >= options.maxRedirects) {
          return {
            ok: false,
            kind: "too_many_redirects",
            message: `More than ${options.maxRedirects} redirects, the last to ${location}.`,
            url: url.href,
            status: response.status,
          };
        }
        url = new URL(location, url);
        redirects.push(url.href);
        continue;
      }
      const page = await readPage(response, url.href, options.maxBytes);
      return page.ok ? { ...page, redirects } : page;
    }
  } catch (error) {
    return thrownFailure(
      error,
      url.href,
      { timedOut, aborted: options.signal?.aborted === true },
      options.timeoutMs,
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", forwardAbort);
  }
}
