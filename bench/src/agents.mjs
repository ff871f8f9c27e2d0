// The two CLIs under test, spawned the same way: `node --import report-rss.mjs <bin>`,
// each with its own temporary HOME and config dir, both pointed at one mock LLM server
// speaking the Anthropic Messages SSE format, auto-compaction off in both.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { preparePiBin } from "./pi-bin.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = path.join(here, "report-rss.mjs");
export const MODEL_ID = "claude-bench";

/** Both agents' tool sets: pi enables only read/bash/edit/write unless told. */
const TOOLS = "read,bash,edit,write,grep,find,ls";

/**
 * The CLI of this checkout, by path: a workspace dependency on @gong/cli would make pnpm
 * link its bin before any build, which warns twice on every fresh install (turbo.json
 * builds the CLI before `bench` instead). `GONG_BENCH_BIN` names another build's
 * `dist/bin.js` (the same rows run against an older commit: a before/after table).
 */
function gongBin() {
  return process.env.GONG_BENCH_BIN || path.join(here, "..", "..", "apps", "cli", "dist", "bin.js");
}

/** pi's `dist/` (its exports map hides package.json; the main entry lives in dist/). */
function piDist() {
  return path.dirname(fileURLToPath(import.meta.resolve("@mariozechner/pi-coding-agent")));
}

function piBin() {
  return path.join(piDist(), "cli.js");
}

export function piVersion() {
  return JSON.parse(readFileSync(path.join(piDist(), "..", "package.json"), "utf8")).version;
}

/**
 * Sets up one agent's home under `root` (`bins`: the raw rg/fd found, for pi's bin
 * folder); returns { name, bin, env, args(extra) }.
 * `args` builds the argv for a print-mode run with the given extra flags.
 * `variant` (gong only): `{ name, settings }`, a gong of that name, in a home of its own,
 * whose settings.json also has `settings` (e.g. `{ checkpoints: false }`).
 */
export function createAgent(name, root, mock, bins, variant) {
  const home = path.join(root, `${variant?.name ?? name}-home`);
  mkdirSync(home, { recursive: true });
  const base = { PATH: process.env.PATH, HOME: home, LANG: "C.UTF-8" };
  if (name === "gong") {
    const gongHome = path.join(home, ".gong");
    mkdirSync(gongHome, { recursive: true });
    // Resuming a huge session must measure loading, not a compaction round-trip.
    const settings = { autoCompaction: false, ...variant?.settings };
    writeFileSync(path.join(gongHome, "settings.json"), JSON.stringify(settings));
    return {
      name: variant?.name ?? name,
      bin: gongBin(),
      env: {
        ...base,
        GONG_HOME: gongHome,
        ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
        ANTHROPIC_API_KEY: "sk-bench",
      },
      args: (extra) => ["--model", `anthropic/${MODEL_ID}`, "--tools", TOOLS, ...extra],
    };
  }
  const agentDir = path.join(home, ".pi", "agent");
  mkdirSync(agentDir, { recursive: true });
  preparePiBin(agentDir, bins);
  writeFileSync(
    path.join(agentDir, "models.json"),
    JSON.stringify({
      providers: {
        mock: {
          baseUrl: mock.anthropicBaseUrl,
          api: "anthropic-messages",
          apiKey: "sk-bench",
          models: [
            {
              id: MODEL_ID,
              contextWindow: 200_000,
              maxTokens: 8_192,
              cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            },
          ],
        },
      },
    }),
  );
  writeFileSync(
    path.join(agentDir, "settings.json"),
    JSON.stringify({ compaction: { enabled: false } }),
  );
  return {
    name,
    bin: piBin(),
    env: {
      ...base,
      PI_CODING_AGENT_DIR: agentDir,
      PI_OFFLINE: "1",
      PI_SKIP_VERSION_CHECK: "1",
      PI_TELEMETRY: "0",
    },
    args: (extra) => ["--provider", "mock", "--model", MODEL_ID, "--tools", TOOLS, ...extra],
  };
}

/**
 * Runs `node [--import preload] [nodeFlags] bin ...argv` in cwd; resolves wall time (ms),
 * the process's peak RSS (MiB, from the preload) and its stdout. Rejects on a non-zero exit.
 */
export function runAgent(agent, argv, { cwd, nodeFlags = [], measureRss = true } = {}) {
  const rssFile = path.join(
    agent.env.HOME,
    `rss-${process.pid}-${Math.random().toString(36).slice(2)}`,
  );
  const flags = measureRss ? ["--import", PRELOAD, ...nodeFlags] : nodeFlags;
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, agent.bin, ...argv], {
      cwd,
      env: { ...agent.env, GONG_BENCH_RSS_FILE: rssFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) {
        reject(new Error(`${agent.name} ${argv.join(" ")} exited ${code}: ${stderr.slice(-2000)}`));
        return;
      }
      let rssMiB;
      if (measureRss) {
        rssMiB = Number(readFileSync(rssFile, "utf8")) / 1024;
        rmSync(rssFile, { force: true });
      }
      resolve({ ms, rssMiB, stdout });
    });
  });
}
