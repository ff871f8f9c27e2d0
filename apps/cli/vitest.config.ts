import { defineConfig } from "vitest/config";
import { sharedTestOptions } from "../../vitest.shared.ts";
import { E2E_FILES } from "./vitest.e2e.config.ts";

export default defineConfig({
  test: {
    ...sharedTestOptions("cli", E2E_FILES),
    globalSetup: ["./test/global-setup.ts"],
    // Each test spawns gong processes against a local mock server; keep the 2 cores calm.
    maxWorkers: 2,
  },
});
