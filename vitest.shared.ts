import type { ViteUserConfig } from "vitest/config";

type TestOptions = NonNullable<ViteUserConfig["test"]>;

/**
 * Options every package's vitest config starts from. Each package also writes
 * `test-results.json` (git-ignored; turbo's declared test output, so it must always
 * exist), which `scripts/test-summary.mjs` adds up into one closing line in CI.
 */
export function sharedTestOptions(name: string): TestOptions {
  return {
    name,
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    reporters: ["default", ["json", { outputFile: "test-results.json" }]],
  };
}
