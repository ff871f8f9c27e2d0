/** web_fetch's typed failures, each with the call (or the word to the user) that goes on. */
import { failure, type NextSteps, type ToolErrorCode } from "../core/envelope.js";
import { type Step, stop } from "../core/step.js";
import type { ToolResponse } from "../types.js";
import type { ConvertHtmlResult } from "./convert-html.js";
import type { FetchedPage, FetchFailure } from "./fetch-page.js";

/** The URL the model gave, if it is a complete http(s) URL. */
export function parseFetchUrl(raw: string): Step<{ url: URL }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return stop(
      failure("INVALID_PARAM", `Not a valid URL: ${raw}`, {
        data: { field_errors: [{ field: "url", message: "not a valid URL" }] },
        next: ['web_fetch(url="https://…") with a complete http(s) URL.'],
      }),
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return stop(
      failure(
        "INVALID_PARAM",
        `Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, "")}: ${raw}`,
        {
          data: { field_errors: [{ field: "url", message: "scheme must be http or https" }] },
          next: ['web_fetch(url="https://…"); read local files with read(path=…).'],
        },
      ),
    );
  }
  return { ok: true, url };
}

const FAILURE_CODES: Record<FetchFailure["kind"], ToolErrorCode> = {
  scheme: "EXECUTION_ERROR",
  domain: "ACCESS_DENIED",
  too_many_redirects: "EXECUTION_ERROR",
  http_status: "EXECUTION_ERROR",
  binary: "BINARY_FILE",
  too_large: "EXECUTION_ERROR",
  timeout: "TIMEOUT",
  aborted: "ABORTED",
  network: "EXECUTION_ERROR",
};

function failureSteps(failed: FetchFailure): NextSteps {
  switch (failed.kind) {
    case "domain":
      return [
        "Tell the user the domain is not in settings webFetch.allowedDomains; they can add it.",
      ];
    case "binary":
      return [
        `bash(command="curl -sSL -o <file> '${failed.url}'") to download it, then inspect the file.`,
      ];
    case "http_status":
      return ["Check the URL (a typo, a moved page); search for the page or try its site's root."];
    case "timeout":
    case "network":
      return [`web_fetch(url="${failed.url}") once more; the server may be slow or down.`];
    default:
      return ["Try another URL for the same information."];
  }
}

export function fetchFailure(fetched: FetchFailure): ToolResponse {
  return failure(FAILURE_CODES[fetched.kind], `${fetched.message} (${fetched.url})`, {
    data: {
      url: fetched.url,
      ...(fetched.status !== undefined ? { status: fetched.status } : {}),
      ...(fetched.mediaType ? { content_type: fetched.mediaType } : {}),
    },
    next: failureSteps(fetched),
  });
}

type ConversionFailure = Exclude<ConvertHtmlResult, { ok: true }>;

const CONVERSION_CODES: Record<ConversionFailure["kind"], ToolErrorCode> = {
  timeout: "TIMEOUT",
  aborted: "ABORTED",
  too_deep: "EXECUTION_ERROR",
  failed: "EXECUTION_ERROR",
};

export function conversionFailure(
  converted: ConversionFailure,
  fetched: FetchedPage,
): ToolResponse {
  return failure(CONVERSION_CODES[converted.kind], `${converted.message} (${fetched.finalUrl})`, {
    data: {
      url: fetched.finalUrl,
      status: fetched.status,
      content_type: fetched.mediaType,
    },
    next:
      converted.kind === "aborted"
        ? ["The user stopped the call: ask before fetching the page again."]
        : [`web_fetch(url="${fetched.finalUrl}", format="html") returns the page as served.`],
  });
}
