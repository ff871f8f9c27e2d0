import { NotAnEndpointError, summariseHtml } from "../errors/foreign-answer.js";

/** How much of a foreign body is read to summarise it (a portal page can be megabytes). */
const MAX_READ = 64 * 1024;

/**
 * The SDKs' `fetch`: every request Gong sends asks for a stream, so a 2xx answer that
 * is an HTML page or a JSON document is some other server (a login portal, a proxy, a
 * wrong base URL). Left to the SDK it reads as an empty stream and ends as "connection
 * cut: check the network"; here it fails at once, saying what answered. Other content
 * types pass: OpenAI-compatible servers label their streams loosely.
 *
 * The SDKs hand over the JSON body as a string; fetch would scan it for lone surrogates,
 * encode it and copy it again (~3 ms a call for a 1.5 MB context). `Buffer.from` encodes
 * it natively in one pass, with the same U+FFFD for a lone surrogate.
 */
export function expectEventStream(api: string, baseUrl: string): typeof fetch {
  return async (input, init) => {
    const encoded =
      typeof init?.body === "string" ? { ...init, body: Buffer.from(init.body) } : init;
    const response = await fetchOnce(input, encoded);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !/html|json/i.test(type)) return response;
    const body = await readStart(response);
    const sent = /html/i.test(type)
      ? summariseHtml(body)
      : `${type.split(";")[0]} instead of a stream`;
    throw new NotAnEndpointError(baseUrl, api, sent);
  };
}

/**
 * Sends the request without the copy of its body fetch keeps for following a redirect.
 * Unless told not to follow redirects and given no window, fetch clones the request —
 * a second full copy of the body through a tee (~30 % of fetch's time for a 30 MB
 * context, every call of a resumed session: bench "resume -c"). A provider answers
 * without redirects; when one does redirect, the request is sent again as fetch sends it
 * by default (test/expect-event-stream.test.ts).
 */
async function fetchOnce(
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
): Promise<Response> {
  if (init?.redirect !== undefined || init?.body == null) return fetch(input, init);
  try {
    return await fetch(input, { ...init, redirect: "error", window: null });
  } catch (error) {
    if (!isUnexpectedRedirect(error)) throw error;
    return fetch(input, init);
  }
}

/** fetch's refusal of a redirect with `redirect: "error"`: `TypeError`, cause "unexpected redirect". */
function isUnexpectedRedirect(error: unknown): boolean {
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause;
  return error instanceof TypeError && cause?.message === "unexpected redirect";
}

async function readStart(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.length < MAX_READ) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => {
    // Only the start was wanted; a body that fails to close changes nothing.
  });
  return text;
}
