import { homedir } from "node:os";
import path from "node:path";
import { expandHome } from "@gong/tools";

/**
 * `~/.gong`, or `$GONG_HOME` when set (tests and portable installs move it).
 * Everything user-level lives below it: settings.json, models.json, AGENTS.md,
 * SYSTEM.md, skills/, hooks/ and sessions/. A `GONG_HOME` with a `~user` that
 * cannot be found throws: there is no right folder to guess.
 */
export function resolveGongHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.GONG_HOME?.trim();
  if (fromEnv) {
    const expanded = expandHome(fromEnv, { home: homeDir(env) });
    if (!expanded.ok) throw new Error(`GONG_HOME: ${expanded.error}`);
    return path.resolve(expanded.path);
  }
  return path.join(homeDir(env), ".gong");
}

/** `<project>/.gong`: project-level settings, SYSTEM.md, skills and hooks. */
export function projectConfigDir(projectRoot: string): string {
  return path.join(projectRoot, ".gong");
}

/** The user settings: always trusted, and the only place trust is granted. */
export function globalSettingsPath(gongHome: string): string {
  return path.join(gongHome, "settings.json");
}

export function projectSettingsPath(projectRoot: string): string {
  return path.join(projectConfigDir(projectRoot), "settings.json");
}

export function homeDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOME?.trim() || homedir();
}
