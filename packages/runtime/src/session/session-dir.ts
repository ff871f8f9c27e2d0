import path from "node:path";
import { loadSettings } from "../config/settings.js";
import type { Settings } from "../config/settings-types.js";

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

/** The same for commands that open no coding session (`-r` listing, `--export`). */
export function sessionDirFor(options: {
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
