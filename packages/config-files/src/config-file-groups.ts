import { homeDir } from "@gong/base";
import { skillFolders, systemPromptFiles } from "./context-paths.js";
import { hookFolders } from "./paths.js";
import { settingsFilePaths } from "./settings-sources.js";

/** A kind of file that configures a session, and when an edit to it takes effect. */
export interface ConfigFileGroup {
  /** "settings", "models", "context", "skills" or "hooks". */
  kind: "settings" | "models" | "context" | "skills" | "hooks";
  /** Files, or folders (skills, hooks) whose contents count; existing or not. */
  paths: string[];
  /**
   * `next-prompt`: re-read before the next prompt (settings) or LLM call (context files).
   * `new-session`: read when a session opens (`/new`, `/resume`, a restart).
   */
  appliesAt: "next-prompt" | "new-session";
}

/**
 * Every file and folder a session's configuration comes from, for an app that watches
 * them (the interactive mode's "settings changed" line). One list beside the code that
 * reads them: @gong/settings' settings.ts and resources.ts, @gong/llm's
 * models.json.
 */
export function configFileGroups(where: {
  cwd: string;
  gongHome: string;
  modelsJsonPath: string;
  home?: string;
}): ConfigFileGroup[] {
  const { cwd, gongHome } = where;
  const home = where.home ?? homeDir(process.env);
  const hooks = hookFolders(where);
  return [
    {
      kind: "settings",
      paths: settingsFilePaths({ cwd, gongHome, home }),
      appliesAt: "next-prompt",
    },
    { kind: "context", paths: systemPromptFiles({ cwd, gongHome }), appliesAt: "next-prompt" },
    { kind: "models", paths: [where.modelsJsonPath], appliesAt: "new-session" },
    {
      kind: "skills",
      paths: skillFolders({ cwd, gongHome, home }),
      appliesAt: "new-session",
    },
    {
      kind: "hooks",
      paths: [hooks.user, hooks.project],
      appliesAt: "new-session",
    },
  ];
}
