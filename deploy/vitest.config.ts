import { defineConfig } from "vitest/config";
import { sharedTestOptions } from "../vitest.shared.ts";
import { E2E_FILES } from "./vitest.e2e.config.ts";

export default defineConfig({ test: sharedTestOptions("deploy", E2E_FILES) });
