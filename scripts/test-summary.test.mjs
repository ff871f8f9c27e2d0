// `node --test scripts/test-summary.test.mjs` (part of `pnpm test`).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { countTests, failedTests, failedTurboTasks, summaryLine } from "./test-summary.mjs";

/** A repository whose apps/cli left the e2e report `reportIn(root)`. */
function repoWithReport(reportIn) {
  const root = mkdtempSync(join(tmpdir(), "test-summary-"));
  mkdirSync(join(root, "apps", "cli"), { recursive: true });
  const report = JSON.stringify(reportIn(root));
  writeFileSync(join(root, "apps", "cli", "test-results.e2e.json"), report);
  return root;
}

describe("test-summary — the closing lines of pnpm test", () => {
  it("names each failed test with its file and the first lines of its error", () => {
    const root = repoWithReport((root) => ({
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 0,
      testResults: [
        {
          name: join(root, "apps/cli/test/fleet.test.ts"),
          status: "failed",
          assertionResults: [
            { fullName: "fleet works", status: "passed", failureMessages: [] },
            {
              fullName: "fleet > a job survives a worker's crash",
              status: "failed",
              failureMessages: ["AssertionError: expected 1 to be 2\n    at one\n    at two"],
            },
          ],
        },
      ],
    }));
    assert.deepEqual(failedTests(root, 2), [
      "apps/cli/test/fleet.test.ts > fleet > a job survives a worker's crash\n" +
        "    AssertionError: expected 1 to be 2\n" +
        "        at one",
    ]);
    assert.equal(
      summaryLine(countTests(root), ["turbo"]),
      "Tests: 1 passed, 1 failed, 0 skipped; failed steps: turbo",
    );
  });

  it("names a file that failed without a failed test (it did not load)", () => {
    const root = repoWithReport((root) => ({
      testResults: [
        {
          name: join(root, "apps/cli/test/web.test.ts"),
          status: "failed",
          message: "Cannot find module 'x'",
          assertionResults: [],
        },
      ],
    }));
    assert.deepEqual(failedTests(root), ["apps/cli/test/web.test.ts\n    Cannot find module 'x'"]);
  });

  it("names the turbo tasks that failed in the newest run summary since the step began", () => {
    const root = mkdtempSync(join(tmpdir(), "test-summary-"));
    mkdirSync(join(root, ".turbo", "runs"), { recursive: true });
    const task = (taskId, exitCode) => ({ taskId, execution: { exitCode } });
    writeFileSync(
      join(root, ".turbo", "runs", "run.json"),
      JSON.stringify({
        tasks: [task("@gong/tools#lint", 1), task("@gong/tools#build", 0), { taskId: "x#test" }],
      }),
    );
    assert.deepEqual(failedTurboTasks(root, 0), ["@gong/tools#lint (exit 1)"]);
    assert.deepEqual(failedTurboTasks(root, Date.now() + 60_000), []);
  });
});
