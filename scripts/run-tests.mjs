// `pnpm test`: every check and every turbo task (lint, typecheck, test, test:e2e in every
// package), then one closing line `Tests: N passed, N failed, N skipped` — also when
// something failed, so a red run still says how much of it was red. Exits 1 when any step
// failed. turbo's `--continue=dependencies-successful` runs every task whose build
// succeeded instead of stopping at the first failure (a failed build would only test stale
// output, so its dependents are skipped and named in turbo's own summary).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  countTests,
  failedTests,
  failedTurboTasks,
  reportPaths,
  summaryLine,
} from "./test-summary.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const scratch = mkdtempSync(path.join(tmpdir(), "gong-run-tests-"));
const scriptResults = path.join(scratch, "scripts.tap");

const STEPS = [
  ["biome", bin("biome"), ["check", "scripts", "vitest.config.ts", "vitest.shared.ts"]],
  ["check-exports", process.execPath, ["scripts/check-exports.mjs"]],
  ["check-layout", process.execPath, ["scripts/check-layout.mjs"]],
  ["check-function-length", process.execPath, ["scripts/check-function-length.mjs"]],
  ["readme-examples", process.execPath, ["scripts/readme-examples.mjs"]],
  [
    "turbo",
    bin("turbo"),
    [
      "run",
      "build",
      "lint",
      "typecheck",
      "test",
      "test:e2e",
      "--env-mode=loose",
      "--continue=dependencies-successful",
      // Writes .turbo/runs/<id>.json: which tasks failed (failedTurboTasks).
      "--summarize",
      ...process.argv.slice(2),
    ],
  ],
  // After turbo: install-cli.test links the bins turbo's build wrote (a fresh clone has none).
  [
    "scripts' tests",
    process.execPath,
    [
      "--test",
      "--test-reporter=spec",
      "--test-reporter-destination=stdout",
      "--test-reporter=tap",
      `--test-reporter-destination=${scriptResults}`,
      "scripts/readme-examples.test.mjs",
      "scripts/check-exports.test.mjs",
      "scripts/check-layout.test.mjs",
      "scripts/install-cli.test.mjs",
      "scripts/test-summary.test.mjs",
    ],
  ],
];

/** `# pass N` / `# fail N` / `# skipped N` of the scripts' TAP report. */
function countScriptTests() {
  let text = "";
  try {
    text = readFileSync(scriptResults, "utf8");
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
  const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
  return { passed: count("pass"), failed: count("fail"), skipped: count("skipped") };
}

// A report left by an earlier run must not be counted as this run's; turbo restores the
// cached ones of the tasks it does not run again.
for (const report of reportPaths(root)) rmSync(report, { force: true });

const failedSteps = [];
const failedTasks = [];
for (const [name, command, args] of STEPS) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status === 0) continue;
  const tasks = name === "turbo" ? failedTurboTasks(root, started) : [];
  failedTasks.push(...tasks);
  failedSteps.push(tasks.length > 0 ? `${name} (${tasks.join(", ")})` : name);
}

const vitest = countTests(root);
const scripts = countScriptTests();
rmSync(scratch, { recursive: true, force: true });
const total = {
  passed: vitest.passed + scripts.passed,
  failed: vitest.failed + scripts.failed,
  skipped: vitest.skipped + scripts.skipped,
};
console.log("");
for (const failure of failedTests(root)) console.log(`FAILED ${failure}`);
for (const task of failedTasks) console.log(`FAILED task ${task}`);
console.log(summaryLine(total, failedSteps));
process.exit(failedSteps.length > 0 ? 1 : 0);
