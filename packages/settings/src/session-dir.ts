import path from "node:path";
import { loadSettings } from "./settings.js";
import type { Settings } from "./settings-types.js";

/**
 * Where sessions live: `--session-dir` (relative to the cwd) over the settings'
 * `sessionDir`; undefined means the default folder under GONG_HOME.
 */
export function resolveSessionDir(
  cwd: string,
  flag: string | undefined,
  settings: Settings,
): string | undefined {
  return flag ? path.resolve(cwd, flag) : settings.sessionDir;
}

/**
 * `resolveSessionDir` for commands that open no coding session (`-r` listing, `--export`).
 * Not session-store's `sessionDirFor`, which gives the folder of one cwd's sessions.
 */
export function configuredSessionDir(options: {
  cwd: string;
  gongHome: string;
  env?: NodeJS.ProcessEnv;
  flag?: string;
}): string | undefined {
  const { settings } = loadSettings({
    cwd: options.cwd,
    gongHome: options.gongHome,
    env: options.env,
  });
  return resolveSessionDir(options.cwd, options.flag, settings);
}
