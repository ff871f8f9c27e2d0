// Adds up the per-package vitest JSON reports (`test-results.json`, `test-results.e2e.json`)
// and the scripts' own `node --test` results into one closing line,
// `Tests: N passed, N failed, N skipped`. `scripts/run-tests.mjs` (`pnpm test`) prints it
// as its last line; run on its own, it reads the reports the last run left.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPORT_FILES = ["test-results.json", "test-results.e2e.json"];

/** Every vitest report path a run may write: packages/*, apps/*, bench. */
export function reportPaths(root) {
  const paths = [];
  const dirs = [path.join(root, "bench")];
  for (const group of ["packages", "apps"]) {
    const dir = path.join(root, group);
    if (existsSync(dir)) for (const name of readdirSync(dir)) dirs.push(path.join(dir, name));
  }
  // `test` writes the first, `test:e2e` (the slow files, a task of their own) the second.
  for (const dir of dirs) for (const file of REPORT_FILES) paths.push(path.join(dir, file));
  return paths;
}

/** Sums the vitest reports under `root` (missing ones count nothing). */
export function countTests(root) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const report of reportPaths(root)) {
    if (!existsSync(report)) continue;
    const json = JSON.parse(readFileSync(report, "utf8"));
    counts.passed += json.numPassedTests ?? 0;
    counts.failed += json.numFailedTests ?? 0;
    counts.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  }
  return counts;
}

/**
 * Each failed test of the vitest reports under `root`, as `file > name` and the first lines
 * of its error: printed just above the closing line, so a log shown only by its tail still
 * names what failed.
 */
export function failedTests(root, maxLines = 6) {
  const failures = [];
  for (const report of reportPaths(root)) {
    if (!existsSync(report)) continue;
    const json = JSON.parse(readFileSync(report, "utf8"));
    for (const file of json.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failed) {
        const message = (test.failureMessages ?? []).join("\n").split("\n").slice(0, maxLines);
        failures.push(`${where} > ${test.fullName}\n${indent(message)}`);
      }
      // A file that failed to load (or crashed) has no failed test to show for it.
      if (failed.length === 0 && file.status === "failed" && file.message) {
        failures.push(`${where}\n${indent(file.message.split("\n").slice(0, maxLines))}`);
      }
    }
  }
  return failures;
}

/**
 * The turbo tasks that failed in the run whose summary (`turbo run --summarize`,
 * `.turbo/runs/<id>.json`) is the newest written since `since` (ms): a lint, typecheck or
 * build failure has no failed test to name it.
 */
export function failedTurboTasks(root, since) {
  const runs = path.join(root, ".turbo", "runs");
  if (!existsSync(runs)) return [];
  const summaries = readdirSync(runs)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ file: path.join(runs, name), at: statSync(path.join(runs, name)).mtimeMs }))
    .filter((summary) => summary.at >= since)
    .sort((a, b) => b.at - a.at);
  if (summaries.length === 0) return [];
  const run = JSON.parse(readFileSync(summaries[0].file, "utf8"));
  return (run.tasks ?? [])
    .filter((task) => (task.execution?.exitCode ?? 0) !== 0)
    .map((task) => `${task.taskId} (exit ${task.execution.exitCode})`);
}

const indent = (lines) => lines.map((line) => `    ${line}`).join("\n");

/**
 * The closing line. `failedSteps` names the steps that failed without a failed test to
 * show for it (lint, typecheck, a check script, a crashed task), so that a red run never
 * ends on "0 failed" alone.
 */
export function summaryLine({ passed, failed, skipped }, failedSteps = []) {
  const line = `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
  return failedSteps.length > 0 ? `${line}; failed steps: ${failedSteps.join(", ")}` : line;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, "..");
  for (const failure of failedTests(root)) console.log(`FAILED ${failure}`);
  console.log(summaryLine(countTests(root)));
}
