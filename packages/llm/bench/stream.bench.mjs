// Parse-and-dispatch overhead of @gong/llm over the bare SDKs (issue #3 benchmark).
// The same 10 000-event stream is iterated by the bare SDK (counting its parsed events)
// and through our adapter (iterating every AssistantMessageEvent).
//
// By default the mock's response is recorded once per case and then replayed from memory
// through `globalThis.fetch` (which both SDKs use), in 16 KiB chunks: no sockets, no
// server sharing the CPU, so the two sides differ only by the adapter's own work.
// BENCH_MOCK=child serves every request from the mock in a child process instead, and
// BENCH_MOCK=inprocess from a mock in this process (the original, noisiest setup).
// A case that cannot be measured is a row with its `error`; the script exits 1 only when
// no case could be measured.
// Run: pnpm --filter @gong/llm bench   (needs `pnpm --filter @gong/llm build` first)
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import Anthropic from "@anthropic-ai/sdk";
import { startMockLlmServer, textResponse, toolCallResponse } from "@gong/testing";
import OpenAI from "openai";
import { stream } from "../dist/index.js";

const EVENTS = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const MODE = process.env.BENCH_MOCK ?? "memory";
const REPLAY_CHUNK = 16 * 1024;
const mock = MODE === "child" ? await childMock() : await startMockLlmServer();

/** The mock server in a child process; steps are sent as JSON lines on its stdin. */
async function childMock() {
  const cli = fileURLToPath(new URL("cli.js", import.meta.resolve("@gong/testing")));
  const child = spawn(process.execPath, [cli], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const [line] = await once(lines, "line");
  const urls = JSON.parse(line);
  return {
    ...urls,
    // The child acknowledges each queued step with a line: the request may follow then.
    enqueue: async (step) => {
      const queued = once(lines, "line");
      child.stdin.write(`${JSON.stringify(step)}\n`);
      await queued;
    },
    close: async () => {
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

// Memory mode: `replay` holds the recorded response every fetch answers with.
const realFetch = globalThis.fetch;
let replay;
globalThis.fetch = async (input, init) => {
  if (!replay) return realFetch(input, init);
  return replayed(replay);
};

/** A recorded response again, its body in REPLAY_CHUNK pieces as a socket would deliver it. */
function replayed({ bytes, status, headers }) {
  let offset = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + REPLAY_CHUNK));
      offset += REPLAY_CHUNK;
    },
  });
  return new Response(body, { status, headers });
}

/**
 * Runs the bare SDK once against the mock and keeps the exact response bytes. The SDK
 * reads them in REPLAY_CHUNK pieces: handed the whole body as one chunk, the openai
 * SDK's splitter copies the rest of the buffer for every event — seconds of work that
 * never yields to the timers, after which the mock's 5 s keep-alive timeout and the
 * client's shorter one fire together and the next recording is sent on a socket the
 * mock is closing (ECONNRESET).
 */
async function record(api, step) {
  await mock.enqueue(step());
  let recorded;
  const replaying = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const bytes = new Uint8Array(await response.arrayBuffer());
    recorded = { bytes, status: response.status, headers: { "content-type": "text/event-stream" } };
    return replayed(recorded);
  };
  try {
    await bareSdk(api);
  } finally {
    globalThis.fetch = replaying;
  }
  return recorded;
}

// One character per delta → one SSE event per delta.
const textStep = () => textResponse("x".repeat(EVENTS), { chunkSize: 1, ping: false });
const toolStep = () =>
  toolCallResponse(
    [{ name: "write", arguments: { path: "/src/a.ts", content: "y".repeat(EVENTS * 4 - 40) } }],
    {
      chunkSize: 4,
      ping: false,
    },
  );

const model = (api) => ({
  id: "bench-model",
  name: "bench",
  api,
  provider: api === "anthropic-messages" ? "anthropic" : "openai",
  baseUrl: api === "anthropic-messages" ? mock.anthropicBaseUrl : mock.openaiBaseUrl,
  reasoning: false,
  input: ["text"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 200_000,
  maxTokens: 1000,
});
const messages = [{ role: "user", content: "go", timestamp: 0 }];

async function bareSdk(api) {
  let count = 0;
  if (api === "anthropic-messages") {
    const client = new Anthropic({ apiKey: "k", baseURL: mock.anthropicBaseUrl, maxRetries: 0 });
    const s = await client.messages.create({
      model: "bench-model",
      max_tokens: 1000,
      messages: [{ role: "user", content: "go" }],
      stream: true,
    });
    for await (const _ of s) count++;
  } else if (api === "openai-completions") {
    const client = new OpenAI({ apiKey: "k", baseURL: mock.openaiBaseUrl, maxRetries: 0 });
    const s = await client.chat.completions.create({
      model: "bench-model",
      messages: [{ role: "user", content: "go" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    for await (const _ of s) count++;
  } else {
    const client = new OpenAI({ apiKey: "k", baseURL: mock.openaiBaseUrl, maxRetries: 0 });
    const s = await client.responses.create({ model: "bench-model", input: "go", stream: true });
    for await (const _ of s) count++;
  }
  return count;
}

async function adapter(api) {
  let count = 0;
  const s = stream(model(api), { messages }, { apiKey: "k" });
  for await (const event of s) {
    count++;
    if (event.type === "error") throw new Error(event.error.errorMessage);
  }
  return count;
}

async function time(run, api, step) {
  if (MODE !== "memory") await mock.enqueue(step());
  const started = performance.now();
  const events = await run(api);
  return { ms: performance.now() - started, events };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reason = (error) => error?.cause?.code ?? error?.message ?? String(error);
const cases = [];
for (const [label, step] of [
  ["text", textStep],
  ["tool args", toolStep],
]) {
  for (const api of ["anthropic-messages", "openai-completions", "openai-responses"]) {
    // Record every case before timing any: a keep-alive socket left idle during the
    // timed rounds could be reset by the mock under the next recording.
    const entry = { label, step, api };
    try {
      if (MODE === "memory") entry.recorded = await record(api, step);
    } catch (error) {
      entry.error = `recording failed: ${reason(error)}`;
    }
    cases.push(entry);
  }
}

/** One case's row: medians of interleaved SDK and adapter rounds. */
async function measure({ label, step, api, recorded }) {
  replay = recorded;
  await time(bareSdk, api, step); // warm-up
  await time(adapter, api, step);
  const sdk = [];
  const ours = [];
  let sdkEvents = 0;
  let ourEvents = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const a = await time(bareSdk, api, step);
    const b = await time(adapter, api, step);
    sdk.push(a.ms);
    ours.push(b.ms);
    sdkEvents = a.events;
    ourEvents = b.events;
  }
  const sdkMs = median(sdk);
  const ourMs = median(ours);
  return {
    stream: label,
    api,
    "wire events": sdkEvents,
    "SDK ms": sdkMs.toFixed(1),
    "SDK events/s": Math.round(sdkEvents / (sdkMs / 1000)),
    "adapter ms": ourMs.toFixed(1),
    "adapter events/s": Math.round(sdkEvents / (ourMs / 1000)),
    "adapter µs/event": ((ourMs * 1000) / sdkEvents).toFixed(2),
    "our events": ourEvents,
    overhead: `${(((ourMs - sdkMs) / sdkMs) * 100).toFixed(1)} %`,
  };
}

// A case that cannot be measured is a row saying why; the others still run.
const rows = [];
for (const entry of cases) {
  const { label, api } = entry;
  if (entry.error) {
    rows.push({ stream: label, api, error: entry.error });
    continue;
  }
  try {
    rows.push(await measure(entry));
  } catch (error) {
    rows.push({ stream: label, api, error: reason(error) });
  } finally {
    replay = undefined;
  }
}
await mock.close();
if (process.env.BENCH_JSON) console.log(JSON.stringify(rows));
else console.table(rows);
// Failing only when nothing at all could be measured.
if (rows.every((row) => row.error)) process.exitCode = 1;
