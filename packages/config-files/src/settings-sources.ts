import path from "node:path";
import {
  claudeProjectSettingsPaths,
  claudeUserSettingsPath,
  globalSettingsPath,
  projectLocalSettingsPath,
  projectSettingsPath,
} from "./paths.js";

/** One settings file, where it sits in the order and what it may set. */
export interface SettingsSource {
  file: string;
  /** The folder relative paths in it are resolved against. */
  base: string;
  /** A project's file: the trust rules apply (trust.ts). */
  project: boolean;
  /** Claude Code's file: only the keys gong shares are read (@gong/settings claude-settings.ts). */
  claude: boolean;
}

/**
 * Every settings file, lowest precedence first: the user's (`~/.claude/settings.json`,
 * then `$GONG_HOME/settings.json`), then the project's (`.claude/settings.json`,
 * `.claude/settings.local.json`, `.gong/settings.json`, `.gong/settings.local.json`).
 * In each scope Claude Code's files come first, so gong's own win a clash. One list for
 * the reader, the stamps that trigger a reload and the self-edit guard.
 */
export function settingsSources(where: {
  cwd: string;
  gongHome: string;
  home: string;
}): SettingsSource[] {
  const { cwd, gongHome, home } = where;
  const [claudeProject, claudeProjectLocal] = claudeProjectSettingsPaths(cwd);
  const candidates: SettingsSource[] = [
    { file: claudeUserSettingsPath(home), base: home, project: false, claude: true },
    {
      file: globalSettingsPath(gongHome),
      base: path.dirname(gongHome),
      project: false,
      claude: false,
    },
    { file: claudeProject!, base: cwd, project: true, claude: true },
    { file: claudeProjectLocal!, base: cwd, project: true, claude: true },
    { file: projectSettingsPath(cwd), base: cwd, project: true, claude: false },
    { file: projectLocalSettingsPath(cwd), base: cwd, project: true, claude: false },
  ];
  // Running gong inside ~ makes a user file and a project file the same file; it is read
  // once, as the user's.
  const seen = new Set<string>();
  return candidates.filter((source) => {
    const key = path.resolve(source.file);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The files of `settingsSources`, in the same order. */
export function settingsFilePaths(where: {
  cwd: string;
  gongHome: string;
  home: string;
}): string[] {
  return settingsSources(where).map((source) => source.file);
}
