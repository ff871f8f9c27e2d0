/**
 * The steps of web_fetch that get a page: fetch it (every hop checked against the
 * scheme and domain rules), convert HTML to what the model reads, save the converted
 * page to the tool-output folder. Each returns its value or the envelope that ends the
 * call.
 */
import { ensureOutputDir, spillTimestamp, writeUniqueFile } from "@gong/truncate";
import { type Step, stop } from "../core/step.js";
import { isAllowedHost } from "./allowed-domains.js";
import { isHtmlMediaType } from "./content-type.js";
import type { ConvertHtmlResult } from "./convert-html.js";
import { conversionFailure, fetchFailure } from "./fetch-failures.js";
import type { FetchRefusal } from "./fetch-page.js";
import type { CachedPage } from "./page-cache.js";
import type { WebConnections } from "./web-connections.js";

export type PageFormat = "markdown" | "text" | "html";

const EXTENSIONS: Record<PageFormat, string> = { markdown: "md", text: "txt", html: "html" };

/** What loading a page needs from the tool's options, fixed when the tool is made. */
export interface PageLoader {
  connections: WebConnections;
  limits: { timeoutMs: number; maxBytes: number; maxRedirects: number };
  allowedDomains?: readonly string[];
  htmlWorker?: URL;
}

/** One call's page: what to fetch, in which format, and where the converted page is saved. */
export interface PageRequest {
  url: URL;
  format: PageFormat;
  /** The tool-output folder. */
  outputDir: string;
  signal: AbortSignal | undefined;
}

/**
 * undici (proxies) is ~1 MB of code: loaded by the first call, not with the tools, so it
 * costs nothing at gong's start (one-turn run +200 ms otherwise). turndown and domino
 * load only in the conversion worker.
 */
let webModules:
  | Promise<typeof import("./fetch-page.js") & typeof import("./convert-html.js")>
  | undefined;
const loadWebModules = () =>
  (webModules ??= Promise.all([import("./fetch-page.js"), import("./convert-html.js")]).then(
    ([page, html]) => ({ ...page, ...html }),
  ));

/** Why a URL (the first or a redirect's) may not be fetched, or undefined. */
function refusal(
  target: URL,
  allowedDomains: readonly string[] | undefined,
): FetchRefusal | undefined {
  if (target.protocol !== "http:" && target.protocol !== "https:")
    return {
      kind: "scheme",
      message: `A redirect led to ${target.href}; only http and https are followed.`,
    };
  if (!isAllowedHost(target.hostname, allowedDomains))
    return {
      kind: "domain",
      message: `${target.hostname} is not in the allowed domains (settings webFetch.allowedDomains: ${(allowedDomains ?? []).join(", ") || "none"}).`,
    };
  return undefined;
}

/** The page as the model reads it; HTML is converted in the time left of the call's limit. */
async function convert(
  loader: PageLoader,
  fetched: { body: Buffer; mediaType: string },
  format: PageFormat,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<ConvertHtmlResult> {
  const raw = fetched.body.toString("utf8");
  if (!isHtmlMediaType(fetched.mediaType) || format === "html")
    return { ok: true, title: "", content: raw };
  const { convertHtml } = await loadWebModules();
  return convertHtml(
    { html: raw, format },
    {
      timeoutMs: deadline - Date.now(),
      ...(signal ? { signal } : {}),
      ...(loader.htmlWorker ? { workerUrl: loader.htmlWorker } : {}),
    },
  );
}

/** Saves the converted page; a refused tool-output folder costs the artifact, not the page. */
async function saveArtifact(
  outputDir: string,
  page: Omit<CachedPage, "artifact">,
  format: PageFormat,
): Promise<{ path?: string; error?: string }> {
  try {
    await ensureOutputDir(outputDir);
    const host = new URL(page.finalUrl).hostname.replace(/[^A-Za-z0-9.-]+/g, "_");
    const stem = `web_fetch_${spillTimestamp(new Date())}_${host}`;
    return { path: await writeUniqueFile(outputDir, stem, EXTENSIONS[format], page.content) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** A loaded page, and why it could not be saved when it could not. */
export interface LoadedPage {
  page: CachedPage;
  artifactError?: string;
}

export async function loadPage(
  loader: PageLoader,
  request: PageRequest,
): Promise<Step<LoadedPage>> {
  const { url, format, signal } = request;
  // One limit for the whole call: download and conversion together.
  const deadline = Date.now() + loader.limits.timeoutMs;
  const { fetchPage } = await loadWebModules();
  const fetched = await fetchPage(url, {
    ...loader.limits,
    dispatcher: await loader.connections.get(),
    signal,
    refuse: (target) => refusal(target, loader.allowedDomains),
  });
  if (!fetched.ok) return stop(fetchFailure(fetched));
  const converted = await convert(loader, fetched, format, deadline, signal);
  if (!converted.ok) return stop(conversionFailure(converted, fetched));
  const base = {
    finalUrl: fetched.finalUrl,
    status: fetched.status,
    mediaType: fetched.mediaType,
    title: converted.title,
    content: converted.content,
  };
  const saved = await saveArtifact(request.outputDir, base, format);
  return { ok: true, page: { ...base, artifact: saved.path ?? null }, artifactError: saved.error };
}
