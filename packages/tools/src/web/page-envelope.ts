/**
 * web_fetch's result envelope: the answer to `prompt` from the host's summarising
 * model, or the page itself (the framework truncator then keeps the head and points at
 * the full output), with the calls that page through the saved copy.
 */
import { truncateHead } from "@gong/truncate";
import { partial, success, withNextSteps } from "../core/envelope.js";
import type { ToolResponse } from "../types.js";
import type { LoadedPage } from "./load-page.js";
import type { WebSummarizer } from "./summary.js";

/** How much of the page the summarising model is given. */
const SUMMARY_INPUT_BYTES = 100 * 1024;

export interface PageCall {
  /** The URL the model asked for. */
  url: URL;
  prompt?: string;
  cached: boolean;
  /** The saved page as the model names it (project-relative when inside), or null. */
  artifact: string | null;
  signal?: AbortSignal;
}

function readSteps(artifact: string | null): string[] {
  return artifact
    ? [
        `read(path="${artifact}", offset=1, limit=500) to page through the whole page.`,
        `grep(pattern="<keyword>", path="${artifact}") to find a passage.`,
      ]
    : [];
}

export async function pageEnvelope(
  loaded: LoadedPage,
  call: PageCall,
  summarize: WebSummarizer | undefined,
): Promise<ToolResponse> {
  const { page } = loaded;
  const { artifact, prompt } = call;
  const header = [
    `# WebFetch: ${page.finalUrl}`,
    "",
    `Status: ${page.status}`,
    `Cached: ${call.cached ? "True" : "False"}`,
  ];
  const data: Record<string, unknown> = {
    url: call.url.href,
    final_url: page.finalUrl,
    status: page.status,
    cached: call.cached,
    content_type: page.mediaType,
    title: page.title,
    artifact: artifact ? { relpath: artifact } : null,
    truncated: false,
  };
  const stats = { stats: { bytes: Buffer.byteLength(page.content) } };

  if (prompt !== undefined && summarize) {
    const input = truncateHead(page.content, {
      maxLines: Number.MAX_SAFE_INTEGER,
      maxBytes: SUMMARY_INPUT_BYTES,
    });
    const summary = await summarize({
      url: page.finalUrl,
      prompt,
      content: input.content,
      signal: call.signal,
    });
    if (summary.ok) {
      const text = withNextSteps(
        [...header, `Model: ${summary.model}`, "", "Summary:", summary.text.trim()].join("\n"),
        readSteps(artifact),
      );
      const answered = {
        ...data,
        summary_text: summary.text,
        model_used: summary.model,
        truncated_for_llm: input.truncated,
      };
      return success(answered, text, stats);
    }
    header.push(`Summary failed: ${summary.error} The page itself follows instead.`);
  } else if (prompt !== undefined) {
    header.push(
      "No summarising model is available here, so the page itself follows: answer the prompt from it.",
    );
  }
  if (page.title) header.push(`Title: ${page.title}`);
  if (artifact) header.push(`Saved to: ${artifact}`);
  if (loaded.artifactError) header.push(`The page could not be saved: ${loaded.artifactError}`);
  // The hints go before the page: when the framework keeps only the head of a long
  // page, they are still there.
  const text = `${withNextSteps(header.join("\n"), readSteps(artifact))}\n\n---\n\n${page.content}`;
  const body = { ...data, content: page.content };
  if (prompt === undefined) return success(body, text, stats);
  // No summary: the model answers the prompt itself, from the page it now has.
  return partial(body, text, {
    ...stats,
    next: [`Answer ${JSON.stringify(prompt)} from the page above.`],
  });
}
