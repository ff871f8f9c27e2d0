import { defineConfig } from "vitest/config";

// Runs every package's tests from the root in one process (`pnpm vitest`); CI goes
// through turbo instead so each package is built before its dependents are tested.
// The `vitest.e2e.config.ts` projects are the slow files turbo runs as `test:e2e`.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "bench", "{packages,apps}/*/vitest.e2e.config.ts"],
  },
});
