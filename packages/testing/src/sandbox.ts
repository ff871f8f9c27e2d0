import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { HANG_GUARD_MS } from "./hang-guard.js";

export interface GongSandbox {
  /** The project folder the app runs in. */
  cwd: string;
  /** `$HOME` of the spawned process (nothing from the real home leaks in). */
  home: string;
  /** `$GONG_HOME`. */
  gongHome: string;
  env: NodeJS.ProcessEnv;
}

const sandboxes: string[] = [];
afterEach(() => {
  for (const dir of sandboxes.splice(0)) removeSandbox(dir);
});

/**
 * A gong the test killed may leave a child (a git finishing a checkpoint) writing into
 * the folder for a moment: removal is retried, and a folder still busy after that is
 * left in the temp dir with a warning rather than failing a test that passed.
 */
function removeSandbox(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch (error) {
    console.warn(`gongSandbox: ${dir} left behind: ${(error as Error).message}`);
  }
}

/**
 * A temp HOME, GONG_HOME and project folder, removed after the test, and an environment
 * with only what a spawned gong app needs: PATH, the mock server's base URL and a fake
 * key. Real keys never leak in.
 */
export function gongSandbox(
  anthropicBaseUrl: string,
  extraEnv: NodeJS.ProcessEnv = {},
): GongSandbox {
  const root = mkdtempSync(path.join(tmpdir(), "gong-app-"));
  sandboxes.push(root);
  const home = path.join(root, "home");
  const gongHome = path.join(root, "gong-home");
  const cwd = path.join(root, "project");
  for (const dir of [home, gongHome, cwd]) mkdirSync(dir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    GONG_HOME: gongHome,
    ANTHROPIC_BASE_URL: anthropicBaseUrl,
    ANTHROPIC_API_KEY: "sk-ant-test",
    // MCP servers have minutes to start and the first prompt waits for them (not 30 s and
    // 5 s): a test's server is up before its first turn however busy the machine is.
    MCP_TIMEOUT: String(HANG_GUARD_MS),
    ...extraEnv,
  };
  return { cwd, home, gongHome, env };
}

/** The session files under `$GONG_HOME/sessions` (none before the first is made). */
export function sessionFiles(gongHome: string): string[] {
  const root = path.join(gongHome, "sessions");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".jsonl"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
