// `pnpm bench` (or `pnpm --filter @gong/bench bench [--quick] [--only tools,cli,scaling,llm]`):
// Gong next to pi and the raw tools, same machine, same run, interleaved. Prints the table
// and writes results/latest.json (results/quick.json with --quick).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { benchAdapter } from "./adapter.mjs";
import { piVersion } from "./agents.mjs";
import { attempt, measuredAnything } from "./attempt.mjs";
import { ensureCorpus } from "./corpus.mjs";
import { bandwidth, machineInfo, rawTools } from "./machine.mjs";
import { preparePiBin } from "./pi-bin.mjs";
import { PLANS } from "./plans.mjs";
import { formatRows, formatScaling, scoreRow, toRecord } from "./report.mjs";

// `--only sessions`, not in a full run: the session rows of `cli` alone (scripted
// session, its file size, resume of 1k–50k entries).
const SECTIONS = [
  "tools",
  "scaling",
  "cli",
  "llm",
  "sandbox",
  "checkpoints",
  "web",
  "subagents",
  "mcp",
  "lsp",
  "fleet",
];
const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string", default: SECTIONS.join(",") },
  },
});
const only = new Set(values.only.split(","));
const mode = values.quick ? "quick" : "full";
const plan = PLANS[mode];
const log = (line) => process.stderr.write(`${line}\n`);

const bins = rawTools();
for (const [tool, bin] of Object.entries(bins))
  if (!bin) log(`${tool} not found on PATH: its raw column is skipped`);

// pi's tools find rg/fd through its agent dir, read when pi is first imported.
const piAgentDir = mkdtempSync(path.join(os.tmpdir(), "gong-bench-pi-agent-"));
process.env.PI_CODING_AGENT_DIR = piAgentDir;
process.env.PI_OFFLINE = "1";
const fdSetup = preparePiBin(piAgentDir, bins);
const { benchTools, toolSets } = await import("./tools.mjs");
const { benchScaling } = await import("./scaling.mjs");
const { benchEndToEnd } = await import("./e2e.mjs");
const { benchSandbox } = await import("./sandbox.mjs");
const { benchWeb } = await import("./web.mjs");
const { benchMcp } = await import("./mcp.mjs");

const machine = { ...machineInfo(bins, piVersion()), piFd: fdSetup };
log(
  `bench (${mode}): node ${machine.node}, ${machine.cores} cores, load ${machine.loadavgBefore.map((l) => l.toFixed(2)).join(" ")}`,
);
const corpusDir =
  process.env.BENCH_CORPUS_DIR ?? path.join(os.tmpdir(), `gong-bench-corpus-${mode}`);
const rows = [];
const scaling = {};

// A section that cannot run is a row saying why; the other sections still run.
if (only.has("tools") || only.has("scaling")) {
  let corpus;
  await attempt(
    rows,
    "tools",
    "test corpus",
    async () => {
      corpus = ensureCorpus(corpusDir, plan.corpus, log);
      machine.bandwidth = await bandwidth(corpus.big);
    },
    log,
  );
  if (corpus && only.has("tools")) {
    log("tools: Gong vs pi vs raw");
    await attempt(
      rows,
      "tools",
      "tools",
      async () => rows.push(...(await benchTools(corpus, plan.corpus, bins, plan.reps, log))),
      log,
    );
  }
  if (corpus && only.has("scaling")) {
    log("scaling: grep and find at 1×, 4×, 16×");
    await attempt(
      rows,
      "scaling",
      "grep and find scaling",
      async () =>
        Object.assign(
          scaling,
          await benchScaling(corpus.root, toolSets(corpus.root), bins, plan.scalingReps, log),
        ),
      log,
    );
  }
}
if (only.has("cli") || only.has("sessions")) {
  log("end to end: Gong CLI vs pi CLI");
  await attempt(
    rows,
    "cli",
    "end to end",
    async () => {
      const e2e = await benchEndToEnd(plan.e2e, bins, log, { sessionsOnly: !only.has("cli") });
      rows.push(...e2e.rows);
      Object.assign(scaling, e2e.scaling);
    },
    log,
  );
}
if (only.has("checkpoints")) {
  log("checkpoints: snapshots of the tree into the shadow git store");
  const { benchCheckpoints } = await import("./checkpoints.mjs");
  await attempt(
    rows,
    "checkpoints",
    "checkpoints",
    async () => rows.push(...(await benchCheckpoints(plan.checkpoints, log))),
    log,
  );
}

if (only.has("subagents")) {
  log("subagents: 4 explore tasks together vs one after another");
  const { benchSubagents } = await import("./subagents.mjs");
  await attempt(
    rows,
    "subagents",
    "subagents",
    async () => rows.push(...(await benchSubagents(plan.subagentReps, log))),
    log,
  );
}
if (only.has("llm")) {
  log("llm: adapters vs their SDKs");
  rows.push(...(await benchAdapter(plan.adapterRounds)));
}
if (only.has("sandbox")) {
  log("sandbox: bash under bubblewrap vs off");
  await attempt(
    rows,
    "sandbox",
    "bash call under the sandbox",
    async () => rows.push(await benchSandbox(plan.reps)),
    log,
  );
}

if (only.has("web")) {
  log("web: gong web in headless Chromium");
  await attempt(
    rows,
    "web",
    "gong web",
    async () => rows.push(...(await benchWeb(plan, log))),
    log,
  );
}

if (only.has("mcp")) {
  log("mcp: MCP servers at start, a call through @gong/mcp vs the SDK, tool search");
  rows.push(...(await benchMcp(plan.mcp, bins, log)));
}

if (only.has("lsp")) {
  log("lsp: an edit's diagnostics wait (typescript-language-server, warm) and the server's memory");
  const { benchLsp } = await import("./lsp.mjs");
  await attempt(
    rows,
    "lsp",
    "language servers",
    async () => rows.push(...(await benchLsp(plan.lspReps, log))),
    log,
  );
}

if (only.has("fleet")) {
  log("fleet: gong worker on a BullMQ queue, 1, 2 and 4 workers");
  const { benchFleet } = await import("./fleet.mjs");
  await attempt(
    rows,
    "fleet",
    "fleet",
    async () => rows.push(...(await benchFleet(plan.fleet, log))),
    log,
  );
}

const scored = rows.map(scoreRow);
machine.loadavgAfter = os.loadavg();
console.log(`Gong vs pi ${machine.pi} vs raw tools — ${mode} run, ${machine.date}`);
console.log(
  `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}; load ${machine.loadavgBefore[0].toFixed(2)} → ${machine.loadavgAfter[0].toFixed(2)}; rg: ${machine.rg}; fd: ${machine.fd} (pi: ${fdSetup})`,
);
if (machine.bandwidth)
  console.log(
    `physical limits: cat of a cached file ${machine.bandwidth.catGBps.toFixed(2)} GB/s, memory copy ${machine.bandwidth.memcpyGBps.toFixed(2)} GB/s`,
  );
console.log(`medians of ${plan.reps}+ interleaved runs (min–max); time unless a unit is given\n`);
console.log(formatRows(scored));
if (Object.keys(scaling).length) {
  console.log("\nslope: exponent of time ∝ size^k (1 = linear, 0 = flat)");
  console.log(formatScaling(scaling));
}

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "results");
mkdirSync(resultsDir, { recursive: true });
const out = path.join(resultsDir, values.quick ? "quick.json" : "latest.json");
writeFileSync(
  out,
  `${JSON.stringify({ mode, machine, plan, rows: toRecord(scored), scaling }, null, 2)}\n`,
);
log(`\nwrote ${path.relative(process.cwd(), out)}`);
// Rows that could not be measured say why in the table; the run fails only when none could.
if (!measuredAnything(scored, scaling)) {
  log("nothing could be measured");
  process.exitCode = 1;
}
