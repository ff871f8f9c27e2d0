/**
 * Where the files that shape the agent's context are looked for: AGENTS.md / CLAUDE.md in
 * the gong home and every folder from `/` to the cwd, SYSTEM.md and APPEND_SYSTEM.md,
 * the skills folders. Reading them is @gong/settings' (resources.ts); the places are
 * here, beside the settings paths, so that one list serves the reader and the apps that
 * watch them (config-file-groups.ts).
 */
import path from "node:path";
import { homeDir } from "@gong/base";
import { projectConfigDir } from "./paths.js";

/** The folders a session's configuration is looked for from. */
export interface ConfigLocation {
  cwd: string;
  gongHome: string;
  /** The user's home, for Claude Code's `~/.claude/skills` (default: `$HOME`). */
  home?: string;
}

/** In each folder AGENTS.md wins; CLAUDE.md is read only when there is no AGENTS.md. */
export const CONTEXT_FILE_NAMES = ["AGENTS.md", "CLAUDE.md"];

/**
 * Every file whose appearance, edit or removal changes the system prompt for this cwd
 * (the candidates `discoverResources` reads, existing or not): AGENTS.md and CLAUDE.md
 * in the gong home and each folder from `/` to the cwd, SYSTEM.md and APPEND_SYSTEM.md.
 */
export function systemPromptFiles(options: ConfigLocation): string[] {
  const cwd = path.resolve(options.cwd);
  const projectDir = projectConfigDir(cwd);
  const dirs = [options.gongHome, ...ancestorsFromRoot(cwd)];
  return [
    ...dirs.flatMap((dir) => CONTEXT_FILE_NAMES.map((name) => path.join(dir, name))),
    ...[projectDir, options.gongHome].flatMap((dir) => [
      path.join(dir, "SYSTEM.md"),
      path.join(dir, "APPEND_SYSTEM.md"),
    ]),
  ];
}

/**
 * Where skills are looked for, lowest precedence first (a later skill of the same name
 * wins): Claude Code's `~/.claude/skills`, `<gong home>/skills`, then the project's
 * `.claude/skills` and `.gong/skills` — where Claude Code looks, gong looks, and gong's
 * own folder wins a clash in each scope.
 */
export function skillFolders(options: ConfigLocation): string[] {
  const cwd = path.resolve(options.cwd);
  const home = options.home ?? homeDir(process.env);
  const folders = [
    path.join(home, ".claude", "skills"),
    path.join(options.gongHome, "skills"),
    path.join(cwd, ".claude", "skills"),
    path.join(projectConfigDir(cwd), "skills"),
  ];
  // Running gong inside ~ makes the user's and the project's `.claude/skills` one folder.
  return [...new Set(folders.map((folder) => path.resolve(folder)))];
}

/** `/`, `/a`, `/a/b` for `/a/b`. */
export function ancestorsFromRoot(dir: string): string[] {
  const chain: string[] = [];
  let current = path.resolve(dir);
  for (;;) {
    chain.push(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return chain.reverse();
}
