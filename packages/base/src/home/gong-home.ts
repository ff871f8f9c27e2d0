/**
 * Where Gong keeps user-level files: `$GONG_HOME`, else `~/.gong` (settings.json,
 * models.json, AGENTS.md, SYSTEM.md, skills/, hooks/, sessions/).
 *
 * The one rule, written once: llm (models.json), session-store (sessions/) and runtime
 * (everything else) each had a copy, and they disagreed on an empty or blank
 * `GONG_HOME` and on `~`. It lives in @gong/base, below every package that needs it,
 * beside the `~` expansion it uses (which @gong/tools also uses for paths).
 *
 * Rule: a blank `GONG_HOME` counts as unset; `~`, `~/x` and `~user/x` are expanded
 * (the current user's home is `$HOME`, else the OS's); a `~user` that cannot be found
 * throws — there is no right folder to guess.
 */
import { homedir } from "node:os";
import path from "node:path";
import { expandHome } from "./expand-home.js";

/** `$HOME` when set and not blank, else the OS's idea of the home folder. */
export function homeDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOME?.trim() || homedir();
}

/** `$GONG_HOME` (expanded, absolute) when set and not blank, else `<home>/.gong`. */
export function resolveGongHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.GONG_HOME?.trim();
  if (!fromEnv) return path.join(homeDir(env), ".gong");
  const expanded = expandHome(fromEnv, { home: homeDir(env) });
  if (!expanded.ok) throw new Error(`GONG_HOME: ${expanded.error}`);
  return path.resolve(expanded.path);
}
