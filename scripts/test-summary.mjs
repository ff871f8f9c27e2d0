// Adds up the per-package vitest JSON reports (`test-results.json`, `test-results.e2e.json`)
// into one closing line, `Tests: N passed, N failed, N skipped`, for whoever reads the CI log.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
let passed = 0;
let failed = 0;
let skipped = 0;
for (const group of ["packages", "apps"]) {
  const dir = path.join(root, group);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    // `test` writes the first, `test:e2e` (the slow files, a task of their own) the second.
    for (const file of ["test-results.json", "test-results.e2e.json"]) {
      const report = path.join(dir, name, file);
      if (!existsSync(report)) continue;
      const json = JSON.parse(readFileSync(report, "utf8"));
      passed += json.numPassedTests ?? 0;
      failed += json.numFailedTests ?? 0;
      skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    }
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
