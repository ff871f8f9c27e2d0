#!/usr/bin/env node
/**
 * The mock LLM server as its own process, for tests that run the whole stack out of
 * process. Prints one JSON line with the base URLs, then serves:
 *   gong-mock-llm [--script steps.json] [--record requests.jsonl]
 * `steps.json` is a step array, or `{ "queue": [...], "fallback": step }`. Each line
 * written to stdin is parsed as a step (or step array) and queued, and acknowledged with
 * a `{"queued":N}` line (N = steps waiting) so a caller knows when it is in place; a line
 * that is not JSON is reported on stderr and skipped. SIGTERM/SIGINT stop it.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { startMockLlmServer } from "./server.js";
import type { MockStep } from "./steps.js";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};

const scriptPath = option("--script");
const recordPath = option("--record");
const script: MockStep[] | { queue?: MockStep[]; fallback?: MockStep } = scriptPath
  ? JSON.parse(readFileSync(scriptPath, "utf8"))
  : [];
const queue = Array.isArray(script) ? script : (script.queue ?? []);
const fallback = Array.isArray(script) ? undefined : script.fallback;

const mock = await startMockLlmServer({
  ...(fallback ? { fallback } : {}),
  ...(recordPath
    ? { onRequest: (request) => appendFileSync(recordPath, `${JSON.stringify(request)}\n`) }
    : {}),
});
mock.enqueue(queue);
process.stdout.write(
  `${JSON.stringify({ anthropicBaseUrl: mock.anthropicBaseUrl, openaiBaseUrl: mock.openaiBaseUrl, port: mock.port })}\n`,
);

const stop = () => {
  void mock.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let step: MockStep | MockStep[];
  try {
    step = JSON.parse(line) as MockStep | MockStep[];
  } catch (error) {
    process.stderr.write(`gong-mock-llm: stdin line skipped, not JSON (${String(error)})\n`);
    return;
  }
  mock.enqueue(step);
  process.stdout.write(`${JSON.stringify({ queued: mock.pending() })}\n`);
});
