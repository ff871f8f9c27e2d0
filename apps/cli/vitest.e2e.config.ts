import { defineConfig } from "vitest/config";
import { e2eTestOptions } from "../../vitest.shared.ts";

/** The slowest end-to-end files (a minute and more each): `test:e2e`, beside `test`. */
export const E2E_FILES = [
  "test/sessions.test.ts",
  "test/crash-loop.test.ts",
  "test/first-run-errors.test.ts",
  "test/processes.test.ts",
  "test/web/web-page.test.ts",
  "test/fleet.test.ts",
];

export default defineConfig({
  test: {
    ...e2eTestOptions("cli", E2E_FILES),
    globalSetup: ["./test/global-setup.ts"],
    // Each test spawns gong processes against a local mock server; keep the 2 cores calm.
    maxWorkers: 2,
  },
});
