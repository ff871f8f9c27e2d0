/**
 * web_fetch — seed 001 "WebFetch": fetches an http(s) page, converts HTML to Markdown
 * (or text), saves the whole page to the tool-output folder and either answers
 * `prompt` from it with the host's summarising model or returns the page itself (the
 * framework truncator then keeps the head and points at the full output).
 */
import { ensureOutputDir, spillTimestamp, truncateHead, writeUniqueFile } from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import {
  failure,
  type NextSteps,
  partial,
  success,
  type ToolErrorCode,
  withNextSteps,
} from "../core/envelope.js";
import type { ToolEnvironment } from "../core/environment.js";
import { defineTool } from "../core/run-tool.js";
import { isAllowedHost } from "../web/allowed-domains.js";
import { isHtmlMediaType } from "../web/content-type.js";
import type { FetchFailure } from "../web/fetch-page.js";
import { type CachedPage, PageCache } from "../web/page-cache.js";
import { WebConnections } from "../web/web-connections.js";

export const WEB_FETCH_TIMEOUT_MS = 30_000;
export const WEB_FETCH_MAX_BYTES = 10 * 1024 * 1024;
export const WEB_FETCH_MAX_REDIRECTS = 10;
/** How much of the page the summarising model is given. */
const SUMMARY_INPUT_BYTES = 100 * 1024;

const webFetchParameters = Type.Object({
  url: Type.String({ description: "The http:// or https:// URL to fetch." }),
  prompt: Type.Optional(
    Type.String({
      description: "What to find out from the page; a small model answers it from the page.",
    }),
  ),
  format: Type.Optional(
    Type.Union([Type.Literal("markdown"), Type.Literal("text"), Type.Literal("html")], {
      description:
        "markdown (default): HTML converted to Markdown; text: plain text; html: as served.",
    }),
  ),
});

type PageFormat = "markdown" | "text" | "html";

export interface WebSummaryRequest {
  url: string;
  prompt: string;
  /** The page (converted), cut to what the summarising model is given. */
  content: string;
  signal?: AbortSignal;
}

/** A failure is a value: web_fetch then returns the page itself and says why. */
export type WebSummary = { ok: true; text: string; model: string } | { ok: false; error: string };

/** Answers a prompt from a page with a (small) model; provided by the host. */
export type WebSummarizer = (request: WebSummaryRequest) => Promise<WebSummary>;

export interface WebFetchToolOptions {
  /** Only these domains (and their subdomains); default: every host. Settings `webFetch.allowedDomains`. */
  allowedDomains?: readonly string[];
  /** Without it a `prompt` is answered by returning the page itself. */
  summarize?: WebSummarizer;
  /** Where HTTP_PROXY / HTTPS_PROXY / NO_PROXY are read (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /**
   * The HTTP client to fetch with, shared by the tool sets of one owner, who closes it
   * (default: one of the tool's own, made from `env`).
   */
  connections?: WebConnections;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * The HTML converter's worker file (default: `html-worker.js` beside the package's
   * `web/convert-html.js`, where gong's bundles also put it); a bundler that moves
   * the code sets it.
   */
  htmlWorker?: URL;
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

/**
 * undici (proxies) is ~1 MB of code: loaded by the first call, not with the tools, so it
 * costs nothing at gong's start (one-turn run +200 ms otherwise). turndown and domino
 * load only in the conversion worker.
 */
let webModules:
  | Promise<typeof import("../web/fetch-page.js") & typeof import("../web/convert-html.js")>
  | undefined;
const loadWebModules = () =>
  (webModules ??= Promise.all([
    import("../web/fetch-page.js"),
    import("../web/convert-html.js"),
  ]).then(([page, html]) => ({ ...page, ...html })));

type Conversion = Awaited<ReturnType<typeof import("../web/convert-html.js").convertHtml>>;

const CONVERSION_CODES: Record<Exclude<Conversion, { ok: true }>["kind"], ToolErrorCode> = {
  timeout: "TIMEOUT",
  aborted: "ABORTED",
  too_deep: "EXECUTION_ERROR",
  failed: "EXECUTION_ERROR",
};

const EXTENSIONS: Record<PageFormat, string> = { markdown: "md", text: "txt", html: "html" };

export function createWebFetchTool(env: ToolEnvironment, options: WebFetchToolOptions = {}) {
  const cache = new PageCache();
  // Its pooled connections are reused across calls (and, when the host shares it,
  // across the tool sets its settings reloads build).
  const connections = options.connections ?? new WebConnections(options.env ?? process.env);
  const limits = {
    timeoutMs: options.timeoutMs ?? WEB_FETCH_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? WEB_FETCH_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? WEB_FETCH_MAX_REDIRECTS,
  };

  /** The page as the model reads it; HTML is converted in the time left of the call's limit. */
  async function convert(
    body: Buffer,
    mediaType: string,
    format: PageFormat,
    deadline: number,
    signal: AbortSignal | undefined,
  ): Promise<Conversion> {
    const raw = body.toString("utf8");
    if (!isHtmlMediaType(mediaType) || format === "html")
      return { ok: true, title: "", content: raw };
    const { convertHtml } = await loadWebModules();
    return convertHtml(
      { html: raw, format },
      {
        timeoutMs: deadline - Date.now(),
        ...(signal ? { signal } : {}),
        ...(options.htmlWorker ? { workerUrl: options.htmlWorker } : {}),
      },
    );
  }

  /** Saves the converted page; a refused tool-output folder costs the artifact, not the page. */
  async function saveArtifact(page: Omit<CachedPage, "artifact">, format: PageFormat) {
    try {
      await ensureOutputDir(env.outputDir);
      const host = new URL(page.finalUrl).hostname.replace(/[^A-Za-z0-9.-]+/g, "_");
      const stem = `web_fetch_${spillTimestamp(new Date())}_${host}`;
      return { path: await writeUniqueFile(env.outputDir, stem, EXTENSIONS[format], page.content) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }

  return defineTool({
    name: "web_fetch",
    label: "Web fetch",
    readOnly: true,
    description:
      "Fetch an http(s) URL and return its content: HTML is converted to Markdown (format=text for plain text, " +
      "format=html for the page as served). With prompt, a small model answers the prompt from the page and only " +
      "that answer is returned. The full page is saved to a file named in the result, which read can page through. " +
      `Redirects are followed (up to ${limits.maxRedirects}); timeout ${limits.timeoutMs / 1000} s; pages over ` +
      `${limits.maxBytes / (1024 * 1024)} MB and binary files are refused. Results are cached for 15 minutes.`,
    parameters: webFetchParameters,
    async execute(params, context) {
      let url: URL;
      try {
        url = new URL(params.url);
      } catch {
        return failure("INVALID_PARAM", `Not a valid URL: ${params.url}`, {
          data: { field_errors: [{ field: "url", message: "not a valid URL" }] },
          next: ['web_fetch(url="https://…") with a complete http(s) URL.'],
        });
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        return failure(
          "INVALID_PARAM",
          `Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, "")}: ${params.url}`,
          {
            data: { field_errors: [{ field: "url", message: "scheme must be http or https" }] },
            next: ['web_fetch(url="https://…"); read local files with read(path=…).'],
          },
        );
      }
      const format: PageFormat = params.format ?? "markdown";
      const key = `${format} ${url.href}`;
      let page = cache.get(key);
      const cached = page !== undefined;
      let artifactError: string | undefined;
      if (!page) {
        // One limit for the whole call: download and conversion together.
        const deadline = Date.now() + limits.timeoutMs;
        const { fetchPage } = await loadWebModules();
        const fetched = await fetchPage(url, {
          ...limits,
          dispatcher: await connections.get(),
          signal: context.signal,
          refuse: (target) => {
            if (target.protocol !== "http:" && target.protocol !== "https:")
              return {
                kind: "scheme",
                message: `A redirect led to ${target.href}; only http and https are followed.`,
              };
            if (!isAllowedHost(target.hostname, options.allowedDomains))
              return {
                kind: "domain",
                message: `${target.hostname} is not in the allowed domains (settings webFetch.allowedDomains: ${(options.allowedDomains ?? []).join(", ") || "none"}).`,
              };
            return undefined;
          },
        });
        if (!fetched.ok) {
          return failure(FAILURE_CODES[fetched.kind], `${fetched.message} (${fetched.url})`, {
            data: {
              url: fetched.url,
              ...(fetched.status !== undefined ? { status: fetched.status } : {}),
              ...(fetched.mediaType ? { content_type: fetched.mediaType } : {}),
            },
            next: failureSteps(fetched),
          });
        }
        const converted = await convert(
          fetched.body,
          fetched.mediaType,
          format,
          deadline,
          context.signal,
        );
        if (!converted.ok) {
          return failure(
            CONVERSION_CODES[converted.kind],
            `${converted.message} (${fetched.finalUrl})`,
            {
              data: {
                url: fetched.finalUrl,
                status: fetched.status,
                content_type: fetched.mediaType,
              },
              next:
                converted.kind === "aborted"
                  ? ["The user stopped the call: ask before fetching the page again."]
                  : [
                      `web_fetch(url="${fetched.finalUrl}", format="html") returns the page as served.`,
                    ],
            },
          );
        }
        const base = {
          finalUrl: fetched.finalUrl,
          status: fetched.status,
          mediaType: fetched.mediaType,
          title: converted.title,
          content: converted.content,
        };
        const saved = await saveArtifact(base, format);
        artifactError = saved.error;
        page = { ...base, artifact: saved.path ?? null };
        if (page.artifact) cache.set(key, page);
      }

      const artifact = page.artifact ? env.policy.display(page.artifact) : null;
      const readSteps = artifact
        ? [
            `read(path="${artifact}", offset=1, limit=500) to page through the whole page.`,
            `grep(pattern="<keyword>", path="${artifact}") to find a passage.`,
          ]
        : [];
      const header = [
        `# WebFetch: ${page.finalUrl}`,
        "",
        `Status: ${page.status}`,
        `Cached: ${cached ? "True" : "False"}`,
      ];
      const data: Record<string, unknown> = {
        url: url.href,
        final_url: page.finalUrl,
        status: page.status,
        cached,
        content_type: page.mediaType,
        title: page.title,
        artifact: artifact ? { relpath: artifact } : null,
        truncated: false,
      };

      if (params.prompt !== undefined && options.summarize) {
        const input = truncateHead(page.content, {
          maxLines: Number.MAX_SAFE_INTEGER,
          maxBytes: SUMMARY_INPUT_BYTES,
        });
        const summary = await options.summarize({
          url: page.finalUrl,
          prompt: params.prompt,
          content: input.content,
          signal: context.signal,
        });
        if (summary.ok) {
          const text = withNextSteps(
            [...header, `Model: ${summary.model}`, "", "Summary:", summary.text.trim()].join("\n"),
            readSteps,
          );
          return success(
            {
              ...data,
              summary_text: summary.text,
              model_used: summary.model,
              truncated_for_llm: input.truncated,
            },
            text,
            { stats: { bytes: Buffer.byteLength(page.content) } },
          );
        }
        header.push(`Summary failed: ${summary.error} The page itself follows instead.`);
      } else if (params.prompt !== undefined) {
        header.push(
          "No summarising model is available here, so the page itself follows: answer the prompt from it.",
        );
      }
      if (page.title) header.push(`Title: ${page.title}`);
      if (artifact) header.push(`Saved to: ${artifact}`);
      if (artifactError) header.push(`The page could not be saved: ${artifactError}`);
      // The hints go before the page: when the framework keeps only the head of a long
      // page, they are still there.
      const text = `${withNextSteps(header.join("\n"), readSteps)}\n\n---\n\n${page.content}`;
      const body = { ...data, content: page.content };
      const stats = { stats: { bytes: Buffer.byteLength(page.content) } };
      if (params.prompt === undefined) return success(body, text, stats);
      // No summary: the model answers the prompt itself, from the page it now has.
      return partial(body, text, {
        ...stats,
        next: [`Answer ${JSON.stringify(params.prompt)} from the page above.`],
      });
    },
  });
}
