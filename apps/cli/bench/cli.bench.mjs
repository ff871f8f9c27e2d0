// `pnpm --filter @gong/cli bench`: end-to-end timings of the built `gong` against the
// local mock LLM server (no network). Prints one table; targets from issue #7.
//
//   cold --version            wall time, median of 15 spawns
//   one-turn print            `gong -p` against an instant mock: wall time, peak RSS
//   50-turn tool session      49 read calls then an answer, one process: wall, RSS,
//                             the agent's own time between model calls (first vs last 10)
//   -c resume (10 000 entries) continue a 10 000-entry session: wall time, peak RSS
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlmServer, textResponse, toolCallResponse } from "@gong/testing";

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.join(here, "..", "dist", "bin.js");
const PRELOAD = path.join(here, "report-rss.mjs");

const root = mkdtempSync(path.join(tmpdir(), "gong-bench-"));
const cwd = path.join(root, "project");
const gongHome = path.join(root, "gong-home");
mkdirSync(cwd, { recursive: true });
mkdirSync(gongHome, { recursive: true });
writeFileSync(path.join(cwd, "notes.txt"), "line one\nline two\nline three\n");

const mock = await startMockLlmServer();
const env = {
  PATH: process.env.PATH,
  HOME: root,
  GONG_HOME: gongHome,
  ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
  ANTHROPIC_API_KEY: "sk-bench",
};

/** Spawns gong; resolves wall time (ms), peak RSS (MiB) and the exit code. */
function gong(args) {
  const rssFile = path.join(root, `rss-${Math.random().toString(36).slice(2)}`);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", PRELOAD, BIN, ...args], {
      cwd,
      env: { ...env, GONG_BENCH_RSS_FILE: rssFile },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`gong ${args.join(" ")} exited ${code}: ${stderr}`));
      const rssMiB = Number(readFileSync(rssFile, "utf8")) / 1024;
      resolve({ ms, rssMiB });
    });
  });
}

/** Plain spawn without the preload, for the --version cold start. */
function spawnVersion() {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "--version"], { cwd, env, stdio: "ignore" });
    child.on("error", reject);
    child.on("close", () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rows = [];

// 1. cold --version
{
  const times = [];
  for (let i = 0; i < 15; i++) times.push(await spawnVersion());
  rows.push(["cold --version", `${median(times).toFixed(0)} ms`, "-", "< 150 ms"]);
}

// 2. one-turn print against an instant mock
{
  mock.setFallback(textResponse("ok"));
  const runs = [];
  for (let i = 0; i < 7; i++) runs.push(await gong(["-p", "--no-session", "say ok"]));
  const ms = median(runs.map((r) => r.ms));
  const rss = Math.max(...runs.map((r) => r.rssMiB));
  rows.push(["one-turn print", `${ms.toFixed(0)} ms`, `${rss.toFixed(0)} MiB`, "< 350 ms"]);
}

// 3. 50-turn scripted tool session in one process
{
  const arrivals = [];
  let turn = 0;
  mock.setFallback(() => {
    arrivals.push(performance.now());
    turn++;
    if (turn < 50)
      return toolCallResponse([
        { id: `toolu_${turn}`, name: "read", arguments: { path: "notes.txt" } },
      ]);
    return textResponse("done");
  });
  const run = await gong(["-p", "--no-session", "read notes.txt fifty times"]);
  const gaps = arrivals.slice(1).map((t, i) => t - arrivals[i]);
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  rows.push([
    "50-turn tool session",
    `${run.ms.toFixed(0)} ms`,
    `${run.rssMiB.toFixed(0)} MiB`,
    "< 600 ms, < 120 MB",
  ]);
  rows.push([
    "  time between model calls",
    `first 10: ${avg(gaps.slice(0, 10)).toFixed(1)} ms, last 10: ${avg(gaps.slice(-10)).toFixed(1)} ms`,
    "-",
    "flat",
  ]);
}

// 4. -c resume of a 10 000-entry session (written in the documented JSONL format)
{
  const sessionDir = path.join(root, "sessions");
  mkdirSync(sessionDir, { recursive: true });
  const id = "01990000-0000-7000-8000-000000000000";
  const start = Date.parse("2026-01-01T00:00:00.000Z");
  const lines = [
    JSON.stringify({
      type: "session",
      version: 1,
      id,
      timestamp: new Date(start).toISOString(),
      cwd,
    }),
  ];
  let parentId = null;
  for (let i = 0; i < 10_000; i++) {
    const entryId = `e${i.toString(16).padStart(7, "0")}`;
    const timestamp = new Date(start + i * 1000).toISOString();
    const message =
      i % 2 === 0
        ? {
            role: "user",
            content: `question ${i}: what does line ${i} of the log say?`,
            timestamp: start + i * 1000,
          }
        : {
            role: "assistant",
            content: [
              { type: "text", text: `answer ${i}: it reports a routine event, nothing to fix.` },
            ],
            api: "anthropic-messages",
            provider: "anthropic",
            model: "claude-bench",
            usage: {
              input: 10,
              output: 10,
              cacheRead: 0,
              cacheWrite: 0,
              totalTokens: 20,
              cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
            },
            stopReason: "stop",
            timestamp: start + i * 1000,
          };
    lines.push(JSON.stringify({ type: "message", id: entryId, parentId, timestamp, message }));
    parentId = entryId;
  }
  const file = path.join(sessionDir, `2026-01-01T00-00-00-000Z_${id}.jsonl`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  // A huge context triggers compaction; the benchmark measures loading, so keep it off.
  writeFileSync(path.join(gongHome, "settings.json"), JSON.stringify({ autoCompaction: false }));
  mock.setFallback(textResponse("resumed"));
  const runs = [];
  for (let i = 0; i < 3; i++) {
    writeFileSync(file, `${lines.join("\n")}\n`); // same size every run
    runs.push(await gong(["-c", "--session-dir", sessionDir, "-p", "continue"]));
  }
  rows.push([
    "-c resume (10 000 entries)",
    `${median(runs.map((r) => r.ms)).toFixed(0)} ms`,
    `${Math.max(...runs.map((r) => r.rssMiB)).toFixed(0)} MiB`,
    "< 400 ms",
  ]);
  rmSync(path.join(gongHome, "settings.json"));
}

await mock.close();
rmSync(root, { recursive: true, force: true });

const header = ["benchmark", "wall", "peak RSS", "target"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const fmt = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
console.log(fmt(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) console.log(fmt(row));
