/**
 * HTML → Markdown or text off the main thread: the conversion runs in a worker
 * (html-worker.ts) that is terminated at the time limit or on abort, so a hostile page
 * can neither stall gong's event loop (SIGINT, other tools, the UI) nor outlive the
 * call's timeout.
 */
import { Worker } from "node:worker_threads";
import type { ConvertedPage } from "./html-to-markdown.js";
import type { HtmlWorkerInput, HtmlWorkerOutput } from "./html-worker.js";

/** Where the worker's code is: beside this module, in the package and in an app bundle. */
export const HTML_WORKER_URL = new URL("./html-worker.js", import.meta.url);

/** A page the converter could not take; the heap cap keeps a huge DOM from taking the host's memory. */
const WORKER_HEAP_MB = 1024;

export interface ConvertHtmlOptions {
  /** The time left for the conversion; the worker is terminated when it runs out. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** The worker's file (default `HTML_WORKER_URL`); a bundler that moves the code sets it. */
  workerUrl?: URL;
}

export type ConvertHtmlResult =
  | ({ ok: true } & ConvertedPage)
  | { ok: false; kind: "timeout" | "aborted" | "too_deep" | "failed"; message: string };

export function convertHtml(
  input: HtmlWorkerInput,
  options: ConvertHtmlOptions,
): Promise<ConvertHtmlResult> {
  if (options.signal?.aborted)
    return Promise.resolve({ ok: false, kind: "aborted", message: "The fetch was aborted." });
  return new Promise((resolve) => {
    const worker = new Worker(options.workerUrl ?? HTML_WORKER_URL, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      // Its output is the message it posts; nothing it might print belongs on gong's stdout.
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (result: ConvertHtmlResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      resolve(result);
    };
    const onAbort = () => finish({ ok: false, kind: "aborted", message: "The fetch was aborted." });
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          kind: "timeout",
          message: `Converting the page took longer than the ${Math.round(options.timeoutMs / 100) / 10} s left of the time limit.`,
        }),
      Math.max(0, options.timeoutMs),
    );
    options.signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (output: HtmlWorkerOutput) =>
      finish(output.ok ? { ok: true, title: output.title, content: output.content } : output),
    );
    worker.once("error", (error) =>
      finish({
        ok: false,
        kind: "failed",
        message: `Converting the page failed: ${error.message}`,
      }),
    );
    worker.once("exit", (code) =>
      finish({
        ok: false,
        kind: "failed",
        message: `Converting the page failed: the converter exited (${code}) without an answer.`,
      }),
    );
  });
}
