/**
 * The worker thread that converts one HTML page (convert-html.ts starts it): domino and
 * turndown are synchronous and, on a hostile page (200 000 nested `<div>`s), take
 * minutes of CPU. Here they block only this thread, which the caller terminates at its
 * time limit or on abort.
 */
import { parentPort, workerData } from "node:worker_threads";
import { htmlToMarkdown, htmlToText } from "./html-to-markdown.js";

export interface HtmlWorkerInput {
  html: string;
  format: "markdown" | "text";
}

export type HtmlWorkerOutput =
  | { ok: true; title: string; content: string }
  | { ok: false; kind: "too_deep" | "failed"; message: string };

function convert({ html, format }: HtmlWorkerInput): HtmlWorkerOutput {
  try {
    return format === "text" ? htmlToText(html) : htmlToMarkdown(html);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, kind: "failed", message: `Converting the page failed: ${message}` };
  }
}

parentPort?.postMessage(convert(workerData as HtmlWorkerInput));
