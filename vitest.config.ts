import { defineConfig } from "vitest/config";

// Runs every package's tests from the root in one process (`pnpm vitest`); CI goes
// through turbo instead so each package is built before its dependents are tested.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "bench"],
  },
});
