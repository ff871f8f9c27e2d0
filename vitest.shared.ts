import { configDefaults, type ViteUserConfig } from "vitest/config";

type TestOptions = NonNullable<ViteUserConfig["test"]>;

/**
 * How long a test or hook may run before it counts as hung. Only a hang guard: a test
 * waits for a condition, never for a time, and a loaded 2-core laptop (the README's test
 * command beside other work) must pass; a file's own timeout may only be longer.
 */
export const HANG_TIMEOUT_MS = 10 * 60_000;

/**
 * Options every package's vitest config starts from. Each package also writes
 * `test-results.json` (git-ignored; turbo's declared test output, so it must always
 * exist), which `scripts/test-summary.mjs` adds up into `pnpm test`'s closing line.
 * `e2eFiles` are left out: `e2eTestOptions` runs them as a task of their own.
 */
export function sharedTestOptions(name: string, e2eFiles: string[] = []): TestOptions {
  return {
    name,
    include: ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...e2eFiles],
    testTimeout: HANG_TIMEOUT_MS,
    hookTimeout: HANG_TIMEOUT_MS,
    reporters: ["default", ["json", { outputFile: "test-results.json" }]],
  };
}

/**
 * A package's slow end-to-end files (`vitest.e2e.config.ts`), run by turbo as the
 * `test:e2e` task. Vitest gives each package one worker on a 2-core machine, so a
 * file that takes a minute delays every file after it; as a task of their own they
 * run beside the package's other tests and the other packages' instead.
 */
export function e2eTestOptions(name: string, e2eFiles: string[]): TestOptions {
  return {
    ...sharedTestOptions(`${name}-e2e`),
    include: e2eFiles,
    reporters: ["default", ["json", { outputFile: "test-results.e2e.json" }]],
  };
}
