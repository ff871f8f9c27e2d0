import { defineConfig } from "vitest/config";
import { e2eTestOptions } from "../../vitest.shared.ts";

/** Packs, installs with npm and runs the packages outside the workspace: `test:e2e`. */
export const E2E_FILES = ["test/packed-packages.test.ts"];

export default defineConfig({ test: e2eTestOptions("tools", E2E_FILES) });
