import { defineConfig } from "vitest/config";
import { e2eTestOptions } from "../vitest.shared.ts";

/** The image is built from a debootstrap root and run: a minute and more. */
export const E2E_FILES = ["test/image.test.ts"];

export default defineConfig({ test: e2eTestOptions("deploy", E2E_FILES) });
