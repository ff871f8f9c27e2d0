import { defineConfig } from "vitest/config";
import { sharedTestOptions } from "../../vitest.shared.ts";

export default defineConfig({
  test: {
    ...sharedTestOptions("rpc"),
    globalSetup: ["./test/global-setup.ts"],
    // Each test spawns gong-rpc processes against a local mock server; keep the 2 cores calm.
    maxWorkers: 2,
  },
});
