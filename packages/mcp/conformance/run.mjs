#!/usr/bin/env node
/**
 * Runs the official MCP conformance suite's client scenarios of spec 2025-11-25 against
 * gong's MCP client (client.mjs on this Node, over the built dist/). The suite's runner
 * needs Node >= 22: it runs on the binary of @gong/node22; where that package is not
 * installed (not linux x64), the run is skipped with the reason. Exit code: the suite's,
 * or 1 when any check ends as a warning (the suite itself lets those pass).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { node22 } from "@gong/node22";

const here = path.dirname(fileURLToPath(import.meta.url));
const SPEC_VERSION = "2025-11-25";

const node = node22();
if (!node.ok) {
  console.log(`mcp conformance: skipped: ${node.reason}`);
  process.exit(0);
}
if (!existsSync(path.join(here, "..", "dist", "index.js"))) {
  console.error("mcp conformance: packages/mcp/dist is missing: build first (pnpm build)");
  process.exit(1);
}
// A bin without an entry point: found through its package.json.
const manifest = createRequire(import.meta.url).resolve(
  "@modelcontextprotocol/conformance/package.json",
);
const runner = path.join(path.dirname(manifest), "dist", "index.js");
// The suite writes results/ into its working folder: a temporary one, removed after.
const workDir = mkdtempSync(path.join(tmpdir(), "gong-mcp-conformance-"));
const client = `"${process.execPath}" "${path.join(here, "client.mjs")}"`;
const common = [
  "--spec-version",
  SPEC_VERSION,
  "--expected-failures",
  path.join(here, "expected-failures.yml"),
];
// One at a time where timing is checked (sse-retry measures the reconnect delay, which a
// busy machine running 18 clients at once stretches); the auth scenarios in parallel.
const runs = [
  ...["initialize", "tools_call", "elicitation-sep1034-client-defaults", "sse-retry"].map(
    (scenario) => ["--scenario", scenario],
  ),
  ["--suite", "auth"],
];
const started = Date.now();
const summaries = [];
let warnings = 0;
const warningLogs = [];
for (const selection of runs) {
  const run = spawnSync(
    node.path,
    [runner, "client", "--command", client, ...selection, ...common],
    {
      cwd: workDir,
      encoding: "utf8",
      timeout: 100_000,
    },
  );
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
  if (run.status !== 0) {
    rmSync(workDir, { recursive: true, force: true });
    // The whole log on failure: each scenario's client output says what went wrong.
    console.log(output);
    console.log(
      `mcp conformance: FAILED: ${selection.join(" ")} (exit ${run.status ?? run.signal})`,
    );
    process.exit(1);
  }
  const summary = output.match(/^(?:✓|✗) .*$/gm) ?? output.match(/^Passed: .*$/gm) ?? [];
  summaries.push(
    ...(selection[0] === "--scenario" ? summary.map((l) => `${selection[1]}: ${l}`) : summary),
  );
  // A warning is a SHOULD of the spec the client missed (auth/scope-step-up's scope
  // union, say): the suite still exits 0, so it is counted here — from a scenario's
  // "Passed: …, N warnings" or the suite's "Total: …, N warnings" — and its checks kept.
  const counted = output.match(/^(?:Passed|Total): .*, (\d+) warnings$/m);
  warnings += Number(counted?.[1] ?? 0);
  if (Number(counted?.[1] ?? 0) > 0) warningLogs.push(output);
}
rmSync(workDir, { recursive: true, force: true });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(summaries.join("\n"));
if (warnings > 0) {
  // The suite's own lines name the checks (a scenario's "Warning Checks:", a suite's ✗ lines).
  for (const log of warningLogs) console.log(log);
  console.log(
    `mcp conformance: FAILED: ${warnings} warning${warnings === 1 ? "" : "s"} (see above)`,
  );
  process.exit(1);
}
console.log(`mcp conformance: passed, 0 warnings (spec ${SPEC_VERSION}, ${seconds} s)`);
