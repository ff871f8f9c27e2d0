/** The host's summarising model, as web_fetch asks it to answer a prompt from a page. */

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
