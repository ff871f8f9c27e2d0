// Loop overhead (issue #6): 1 000 turns, each one tool call to a no-op tool, against an
// instant in-process model, then one answer of 20 000 text deltas (every event is one
// step of the loop's generator). Prints ms per turn, per delta and heap growth. Run after `build`:
//   pnpm --filter @gong/agent-core bench
import { createAssistantMessageEventStream } from "@gong/llm";
import { success } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import { Agent } from "../dist/index.js";

const TURNS = Number(process.env.BENCH_TURNS ?? 1000);
const DELTAS = Number(process.env.BENCH_DELTAS ?? 20_000);
// Full collection after the event loop has drained, so finished runs are really gone.
async function settledHeap() {
  await new Promise((resolve) => setTimeout(resolve, 10));
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

const model = {
  id: "instant",
  name: "instant",
  api: "anthropic-messages",
  provider: "bench",
  baseUrl: "http://127.0.0.1",
  reasoning: false,
  input: ["text"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 10_000_000,
  maxTokens: 1000,
};

const usage = {
  input: 10,
  output: 5,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 15,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

function message(content, stopReason) {
  return {
    role: "assistant",
    content,
    api: "anthropic-messages",
    provider: "bench",
    model: "instant",
    usage,
    stopReason,
    timestamp: Date.now(),
  };
}

/** Answers with a tool call for the first TURNS calls, then with text; no waiting. */
function instantModel() {
  let calls = 0;
  return () => {
    const stream = createAssistantMessageEventStream();
    const n = calls++;
    const final =
      n < TURNS
        ? message(
            [{ type: "toolCall", id: `call_${n}`, name: "noop", arguments: { i: n } }],
            "toolUse",
          )
        : message([{ type: "text", text: "done" }], "stop");
    stream.push({ type: "start", partial: { ...final, content: [] } });
    stream.push({ type: "done", reason: final.stopReason, message: final });
    return stream;
  };
}

const noop = {
  name: "noop",
  label: "noop",
  description: "does nothing",
  parameters: Type.Object({ i: Type.Number() }),
  execute: async () => success({}, "ok"),
};

async function run() {
  const agent = new Agent({
    model,
    streamFn: instantModel(),
    tools: [noop],
    settings: { compaction: { enabled: false } },
  });
  let events = 0;
  agent.subscribe(() => events++);
  const started = performance.now();
  await agent.prompt("go");
  const ms = performance.now() - started;
  return { agent, ms, events };
}

/** One answer streamed as DELTAS one-character text deltas. */
function streamingModel() {
  return () => {
    const stream = createAssistantMessageEventStream();
    const final = message([{ type: "text", text: "x".repeat(DELTAS) }], "stop");
    const partial = { ...final, content: [{ type: "text", text: "" }] };
    stream.push({ type: "start", partial });
    for (let i = 0; i < DELTAS; i++) {
      stream.push({ type: "text_delta", contentIndex: 0, delta: "x", partial });
    }
    stream.push({ type: "done", reason: "stop", message: final });
    return stream;
  };
}

async function streamDeltas() {
  const agent = new Agent({ model, streamFn: streamingModel() });
  agent.subscribe(() => {});
  const started = performance.now();
  await agent.prompt("go");
  return performance.now() - started;
}

// Warm-up run so JIT compilation is not measured.
await run();
const heapBefore = await settledHeap();
const { agent, ms, events } = await run();
const heapAfter = await settledHeap();
const messagesBytes = Buffer.byteLength(JSON.stringify(agent.state.messages));
const messageCount = agent.state.messages.length;
agent.replaceMessages([]);
const heapCleared = await settledHeap();
await streamDeltas();
const deltaMs = await streamDeltas();

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const rows = [
  ["turns", String(TURNS)],
  ["events", String(events)],
  ["total", `${ms.toFixed(1)} ms`],
  ["per turn", `${(ms / TURNS).toFixed(3)} ms`],
  ["per streamed delta", `${((deltaMs / DELTAS) * 1000).toFixed(2)} µs`],
  ["messages kept", String(messageCount)],
  ["messages as JSON", kb(messagesBytes)],
  ["heap growth with messages", kb(heapAfter - heapBefore)],
  ["heap growth after clearing messages", kb(heapCleared - heapBefore)],
];
const width = Math.max(...rows.map(([k]) => k.length));
console.log("agent-core loop overhead (instant model, no-op tool)");
for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
if (!globalThis.gc) console.log("  (run with --expose-gc for exact heap numbers)");
