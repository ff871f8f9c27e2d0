// `node bench/interactive.bench.mjs` (part of `pnpm --filter @gong/cli bench`): the
// interactive mode of the built `gong` in a real pseudo-terminal (80×24, @gong/testing/pty)
// against the local mock LLM server. Targets from issue 14.
//
//   stream        20 000 text deltas (5 characters, 2 500/s) in 200 answers, each followed
//                 by a tool block (read of a 5-line file): bytes written per delta,
//                 synchronized-output frames per second, CPU time of the agent's process
//                 (/proc/<pid>/stat, from Enter to the last answer shown)
//   key echo      the same stream again while a key is typed every 150 ms: the time from
//                 writing "Ж" to the pty to the first output holding it (p50/p99, target
//                 p99 < 16 ms)
//   first prompt  spawn to the editor's footer on screen (median of 10, target < 300 ms)
//   scrollback    each answer's marker found exactly once in the emulator's scrollback and
//                 screen after the stream (finished blocks kept, never redrawn or lost)
//
// pi's interactive mode (@mariozechner/pi-coding-agent 0.73.1) gets the same stream when it
// can be resolved: from the `bench/` workspace package, or a folder named by
// GONG_BENCH_PI_DIR (an `npm i @mariozechner/pi-coding-agent@0.73.1` folder); else its
// column is skipped with a message. pi runs with a temp HOME and a models.json provider
// whose baseUrl is the mock server.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startMockLlmServer, textResponse, toolCallResponse } from "@gong/testing";
import { spawnPty } from "@gong/testing/pty";

const here = path.dirname(fileURLToPath(import.meta.url));
const GONG_BIN = path.join(here, "..", "dist", "bin.js");
const ANSWERS = 200;
const DELTAS_PER_ANSWER = 100;
const CHUNK = 5;
const KEY = "Ж"; // never in the stream, so its first appearance after a press is the echo
const KEY_PRESSES = 50;
const STARTUPS = 10;
const MODEL_ID = "claude-bench";
const CLOCK_TICK_MS = 10; // /proc/<pid>/stat counts in 1/100 s (USER_HZ)

const WORDS = [
  "the",
  "agent",
  "reads",
  "**files**",
  "and",
  "`runs`",
  "tests,",
  "then",
  "edits",
  "code.",
];

/** `[a0042]`: finds an answer in the scrollback. */
const marker = (answer) => `[a${String(answer).padStart(4, "0")}]`;

/** One answer: two Markdown paragraphs, 100 deltas of 5 characters in all. */
function answerText(answer) {
  const half = (DELTAS_PER_ANSWER * CHUNK) / 2 - 1;
  const paragraph = (offset) => {
    let text = "";
    for (let i = 0; text.length < half; i++)
      text += `${WORDS[(answer + offset + i) % WORDS.length]} `;
    return text.slice(0, half);
  };
  return `${marker(answer)} ${paragraph(0)}\n\n${paragraph(3)}`.slice(0, 2 * half + 2);
}

function enqueueStream(mock) {
  const pace = { chunkSize: CHUNK, eventDelayMs: 4, eventsPerDelay: 10 };
  for (let answer = 0; answer < ANSWERS; answer++) {
    mock.enqueue(
      toolCallResponse(
        [{ id: `toolu_${answer}`, name: "read", arguments: { path: "notes.txt" } }],
        {
          text: answerText(answer),
          ...pace,
        },
      ),
    );
  }
  mock.enqueue(textResponse("All done: DONE-MARKER.", pace));
}

const root = mkdtempSync(path.join(tmpdir(), "gong-interactive-bench-"));
const cwd = path.join(root, "project");
mkdirSync(cwd, { recursive: true });
writeFileSync(path.join(cwd, "notes.txt"), "one\ntwo\nthree\nfour\nfive\n");
const mock = await startMockLlmServer();

function gongAgent() {
  const home = path.join(root, "gong-home");
  mkdirSync(path.join(home, ".gong"), { recursive: true });
  return {
    name: "gong",
    args: [GONG_BIN, "--model", `bench/${MODEL_ID}`],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      GONG_HOME: path.join(home, ".gong"),
      LANG: "C.UTF-8",
    },
    setup: () =>
      writeFileSync(
        path.join(home, ".gong", "models.json"),
        JSON.stringify({ providers: { bench: provider() } }),
      ),
    ready: `bench/${MODEL_ID}`,
  };
}

function provider() {
  return {
    baseUrl: mock.anthropicBaseUrl,
    api: "anthropic-messages",
    apiKey: "sk-bench",
    models: [
      {
        id: MODEL_ID,
        contextWindow: 1_000_000,
        maxTokens: 8_192,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      },
    ],
  };
}

/** pi's cli.js: from the bench/ workspace package, or GONG_BENCH_PI_DIR. */
function piCli() {
  const folders = [path.join(here, "..", "..", "..", "bench"), process.env.GONG_BENCH_PI_DIR];
  for (const folder of folders.filter(Boolean)) {
    const pkg = path.join(folder, "node_modules", "@mariozechner", "pi-coding-agent");
    if (!existsSync(path.join(pkg, "package.json"))) continue;
    const { bin } = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8"));
    return path.join(pkg, bin.pi);
  }
  return undefined;
}

function piAgent(cli) {
  const home = path.join(root, "pi-home");
  const agentDir = path.join(home, ".pi", "agent");
  return {
    name: "pi 0.73.1",
    args: [cli, "--provider", "bench", "--model", MODEL_ID],
    env: {
      PATH: process.env.PATH,
      HOME: home,
      LANG: "C.UTF-8",
      PI_CODING_AGENT_DIR: agentDir,
      PI_OFFLINE: "1",
      PI_SKIP_VERSION_CHECK: "1",
      PI_TELEMETRY: "0",
    },
    setup: () => {
      mkdirSync(agentDir, { recursive: true });
      writeFileSync(
        path.join(agentDir, "models.json"),
        JSON.stringify({ providers: { bench: provider() } }),
      );
      writeFileSync(
        path.join(agentDir, "settings.json"),
        JSON.stringify({ compaction: { enabled: false } }),
      );
    },
    ready: MODEL_ID,
  };
}

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS; // utime + stime
}

function count(text, needle) {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** Resolves with the time (performance.now) the output first holds `needle`. */
function outputHolds(session, needle, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no "${needle}" within ${timeoutMs} ms:\n${session.screen().join("\n")}`));
    }, timeoutMs);
    const stop = session.onOutput((data) => {
      seen = (seen + data).slice(-needle.length - data.length);
      if (seen.includes(needle)) {
        clearTimeout(timer);
        stop();
        resolve(performance.now());
      }
    });
  });
}

function start(agent) {
  return spawnPty({
    args: agent.args,
    cwd,
    env: agent.env,
    cols: 80,
    rows: 24,
    scrollback: 100_000,
  });
}

/** How many answers the scrollback and screen hold exactly once (not lost, not redrawn). */
function answersOnce(session) {
  const buffer = [...session.scrollback(), ...session.screen()].join("\n");
  return Array.from({ length: ANSWERS }, (_, i) => count(buffer, marker(i))).filter((n) => n === 1)
    .length;
}

async function quit(session) {
  session.kill("SIGKILL");
  await session.exit;
}

/** One streamed run; with `typing`, a key every 150 ms and its echo latencies. */
async function streamRun(agent, { typing }) {
  mock.reset();
  enqueueStream(mock);
  const session = start(agent);
  await outputHolds(session, agent.ready);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const bytesBefore = session.bytesWritten();
  const framesBefore = count(session.output(), "\x1b[?2026h");
  const cpuBefore = cpuMs(session.pid);
  const started = performance.now();
  const done = outputHolds(session, "DONE-MARKER");
  session.write("go\r");
  const latencies = [];
  if (typing) {
    for (let press = 1; press <= KEY_PRESSES; press++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const echoed = new Promise((resolve) => {
        const stop = session.onOutput((data) => {
          // Every redraw of the editor line holds all the presses so far.
          if (count(data, KEY) >= press) {
            stop();
            resolve(performance.now());
          }
        });
      });
      const sent = performance.now();
      session.write(KEY);
      latencies.push((await echoed) - sent);
    }
  }
  const finished = await done;
  const seconds = (finished - started) / 1000;
  await session.settled();
  const result = {
    bytesPerDelta: (session.bytesWritten() - bytesBefore) / (ANSWERS * DELTAS_PER_ANSWER),
    fps: (count(session.output(), "\x1b[?2026h") - framesBefore) / seconds,
    cpuMs: cpuMs(session.pid) - cpuBefore,
    seconds,
    latencies,
    requests: mock.requests.length,
    answersOnce: answersOnce(session),
  };
  await quit(session);
  return result;
}

async function firstPrompt(agent) {
  const times = [];
  for (let i = 0; i < STARTUPS; i++) {
    const started = performance.now();
    const session = start(agent);
    times.push((await outputHolds(session, agent.ready)) - started);
    await quit(session);
  }
  return median(times);
}

const median = (values) => percentile(values, 50);
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const agents = [gongAgent()];
const cli = piCli();
if (cli) agents.push(piAgent(cli));
else
  console.log(
    "pi column skipped: @mariozechner/pi-coding-agent not found in bench/ (or GONG_BENCH_PI_DIR)",
  );

const rows = {};
try {
  for (const agent of agents) {
    agent.setup();
    const clean = await streamRun(agent, { typing: false });
    const typed = await streamRun(agent, { typing: true });
    const startup = await firstPrompt(agent);
    if (clean.requests !== ANSWERS + 1)
      throw new Error(`${agent.name}: ${clean.requests} requests`);
    rows[agent.name] = {
      "bytes / delta": clean.bytesPerDelta.toFixed(1),
      "frames / s": clean.fps.toFixed(1),
      "CPU ms (stream)": clean.cpuMs,
      "stream s": clean.seconds.toFixed(1),
      "key echo p50 ms": percentile(typed.latencies, 50).toFixed(1),
      "key echo p99 ms (<16)": percentile(typed.latencies, 99).toFixed(1),
      "first prompt ms (<300)": startup.toFixed(0),
      "answers once in scrollback": `${clean.answersOnce}/${ANSWERS}`,
    };
  }
} finally {
  await mock.close();
  rmSync(root, { recursive: true, force: true });
}
console.log(
  `interactive mode, 80×24 pty: ${ANSWERS * DELTAS_PER_ANSWER} deltas of ${CHUNK} chars in ${ANSWERS} answers + ${ANSWERS} tool blocks; node ${process.version}`,
);
console.table(rows);
