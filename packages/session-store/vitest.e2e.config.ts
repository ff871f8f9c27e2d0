import { defineConfig } from "vitest/config";
import { e2eTestOptions } from "../../vitest.shared.ts";

/** Real processes racing for one session file (minutes on a busy machine): `test:e2e`. */
export const E2E_FILES = ["test/processes.test.ts"];

export default defineConfig({ test: e2eTestOptions("session-store", E2E_FILES) });
