/**
 * web_fetch as a pipeline (test/web-fetch.test.ts): check the URL, load the page (from the
 * 15-minute cache, or fetched, HTML converted to Markdown or text, the whole page saved
 * to the tool-output folder), then the envelope: the answer to `prompt` from the host's
 * summarising model, or the page itself (the framework truncator then keeps the head and
 * points at the full output). Each step returns its value or the envelope that ends the
 * call.
 */
import { Type } from "@sinclair/typebox";
import { defineTool } from "../core/run-tool.js";
import type { ToolEnvironment } from "../environment.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";
import { parseFetchUrl } from "../web/fetch-failures.js";
import { loadPage, type PageFormat, type PageLoader } from "../web/load-page.js";
import { PageCache } from "../web/page-cache.js";
import { pageEnvelope } from "../web/page-envelope.js";
import type { WebSummarizer } from "../web/summary.js";
import { WebConnections } from "../web/web-connections.js";

export type { WebSummarizer, WebSummary, WebSummaryRequest } from "../web/summary.js";

export const WEB_FETCH_TIMEOUT_MS = 30_000;
export const WEB_FETCH_MAX_BYTES = 10 * 1024 * 1024;
export const WEB_FETCH_MAX_REDIRECTS = 10;
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
  const loader: PageLoader = {
    connections,
    limits,
    allowedDomains: options.allowedDomains,
    htmlWorker: options.htmlWorker,
  };

  return defineTool({
    name: "web_fetch",
    summary: TOOL_SUMMARIES.web_fetch,
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
      const parsed = parseFetchUrl(params.url);
      if (!parsed.ok) return parsed.response;
      const { url } = parsed;
      const format: PageFormat = params.format ?? "markdown";
      const key = `${format} ${url.href}`;
      const hit = cache.get(key);
      const request = { url, format, outputDir: env.outputDir, signal: context.signal };
      const loaded = hit ? { ok: true as const, page: hit } : await loadPage(loader, request);
      if (!loaded.ok) return loaded.response;
      if (!hit && loaded.page.artifact) cache.set(key, loaded.page);
      const artifact = loaded.page.artifact ? env.policy.display(loaded.page.artifact) : null;
      const call = { url, prompt: params.prompt, cached: hit !== undefined, artifact };
      return pageEnvelope(loaded, { ...call, signal: context.signal }, options.summarize);
    },
  });
}
