import type { ViteUserConfig } from "vitest/config";

type TestOptions = NonNullable<ViteUserConfig["test"]>;

/**
 * Options every package's vitest config starts from. In CI each package also writes
 * `test-results.json`, which `scripts/test-summary.mjs` adds up into one closing line.
 */
export function sharedTestOptions(name: string): TestOptions {
  return {
    name,
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: "test-results.json" }]]
      : ["default"],
  };
}
