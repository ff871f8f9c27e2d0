import path from "node:path";

/** `<project>/.gong`: project-level settings, SYSTEM.md, skills and hooks. */
export function projectConfigDir(projectRoot: string): string {
  return path.join(projectRoot, ".gong");
}

/**
 * Where hook modules are looked for: `<home>/hooks`, `<project>/.gong/hooks`. Here, not
 * beside the context-file discovery: settings need it, and `gong mcp list` loads settings
 * without the context files' code (start-modules.test.ts).
 */
export function hookFolders(options: { cwd: string; gongHome: string }): {
  user: string;
  project: string;
} {
  const projectDir = projectConfigDir(path.resolve(options.cwd));
  return { user: path.join(options.gongHome, "hooks"), project: path.join(projectDir, "hooks") };
}

/** The user settings: always trusted, and the only place trust is granted. */
export function globalSettingsPath(gongHome: string): string {
  return path.join(gongHome, "settings.json");
}

/** Claude Code's project MCP file, read as it is so a repository set up for it works unchanged. */
/**
 * Where each gong records the process groups it started — bash's jobs and the stdio MCP
 * servers (`JobLedger`) — for the next session to end if it was killed with -9.
 */
export function jobsDir(gongHome: string): string {
  return path.join(gongHome, "jobs");
}

export function projectMcpJsonPath(projectRoot: string): string {
  return path.join(projectRoot, ".mcp.json");
}

export function projectSettingsPath(projectRoot: string): string {
  return path.join(projectConfigDir(projectRoot), "settings.json");
}

/** One person's project settings (Claude Code's `settings.local.json`): gong writes permission rules here. */
export function projectLocalSettingsPath(projectRoot: string): string {
  return path.join(projectConfigDir(projectRoot), "settings.local.json");
}

/** Claude Code's user settings, `~/.claude/settings.json`: read for the keys gong shares (@gong/settings claude-settings.ts). */
export function claudeUserSettingsPath(home: string): string {
  return path.join(home, ".claude", "settings.json");
}

/** Claude Code's project settings, `.claude/settings.json` and `.claude/settings.local.json`. */
export function claudeProjectSettingsPaths(projectRoot: string): string[] {
  return [
    path.join(projectRoot, ".claude", "settings.json"),
    path.join(projectRoot, ".claude", "settings.local.json"),
  ];
}
