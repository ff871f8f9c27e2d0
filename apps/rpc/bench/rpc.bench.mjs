// `pnpm --filter @gong/rpc bench` (or the root `pnpm bench`): the built `gong-rpc`
// against the local mock LLM server (no network). Prints one table.
//
//   get_state round trip     10 000 sequential calls, one process: p50 / p99 / max
//                            (target p99 < 2 ms)
//   5 000-delta stream       one answer sent as 5 000 text deltas: time from the prompt
//                            to run_end, events per second, deltas received (must be
//                            all 5 000, in order)
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { startMockLlmServer, textResponse } from "@gong/testing";

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.join(here, "..", "dist", "bin.js");
if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run the build first`);

const root = mkdtempSync(path.join(tmpdir(), "gong-rpc-bench-"));
const cwd = path.join(root, "project");
const gongHome = path.join(root, "gong-home");
mkdirSync(cwd, { recursive: true });
mkdirSync(gongHome, { recursive: true });
const mock = await startMockLlmServer();

const child = spawn(process.execPath, [BIN], {
  cwd,
  env: {
    PATH: process.env.PATH,
    HOME: root,
    GONG_HOME: gongHome,
    ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
    ANTHROPIC_API_KEY: "sk-bench",
  },
  stdio: ["pipe", "pipe", "inherit"],
});
let onLine = () => {};
createInterface({ input: child.stdout }).on("line", (line) => onLine(JSON.parse(line)));
const next = (match) =>
  new Promise((resolve) => {
    onLine = (message) => {
      if (match(message)) resolve(message);
    };
  });

await next((m) => m.type === "session");

// Round trips: one command in flight at a time, as an editor polling state would do.
const CALLS = 10_000;
const times = new Float64Array(CALLS);
for (let i = 0; i < CALLS; i++) {
  const answered = next((m) => m.type === "response" && m.id === i);
  const started = process.hrtime.bigint();
  child.stdin.write(`{"type":"get_state","id":${i}}\n`);
  await answered;
  times[i] = Number(process.hrtime.bigint() - started) / 1e6;
}
times.sort();
const pct = (p) => times[Math.min(CALLS - 1, Math.floor((p / 100) * CALLS))];

// Throughput: 5 000 one-character deltas, counted and checked in order.
const DELTAS = 5000;
const text = Array.from({ length: DELTAS }, (_, i) => String.fromCharCode(97 + (i % 26))).join("");
mock.enqueue(textResponse(text, { chunkSize: 1, ping: false }));
let received = "";
let events = 0;
const done = new Promise((resolve) => {
  onLine = (message) => {
    events++;
    const delta =
      message.type === "message_update" ? message.assistantMessageEvent.delta : undefined;
    if (delta !== undefined) received += delta;
    if (message.type === "run_end") resolve(message);
  };
});
const streamStarted = process.hrtime.bigint();
child.stdin.write(`${JSON.stringify({ type: "prompt", id: "p", message: "stream" })}\n`);
await done;
const streamMs = Number(process.hrtime.bigint() - streamStarted) / 1e6;

child.stdin.end();
await new Promise((resolve) => child.on("close", resolve));
await mock.close();
rmSync(root, { recursive: true, force: true });

const row = (name, value) => console.log(`${name.padEnd(38)}${value}`);
console.log("gong-rpc bench");
row("get_state round trip p50", `${pct(50).toFixed(3)} ms`);
row("get_state round trip p99", `${pct(99).toFixed(3)} ms  (target < 2 ms)`);
row("get_state round trip max", `${times[CALLS - 1].toFixed(3)} ms`);
row("5 000-delta stream, prompt→run_end", `${streamMs.toFixed(0)} ms`);
row("  events/s", `${Math.round(events / (streamMs / 1000))}`);
row(
  "  deltas received in order",
  `${received === text ? DELTAS : `MISMATCH (${received.length})`}`,
);
if (received !== text) process.exitCode = 1;
