/**
 * Gong's own configuration as files the agent's tools might touch: any `.gong/` folder
 * (the project's settings, hooks, skills and prompts; `~/.gong`), `$GONG_HOME`,
 * `.mcp.json` and `.claude/settings*.json`. A write there could widen the agent's own
 * tools or add a hook that runs, so it needs the user's yes (@gong/policy confirm-config-write.ts).
 * Context files (AGENTS.md, CLAUDE.md) are the user's text, not configuration.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import { isPathWithin } from "@gong/base";

/** True when `absolute` (or the real path it leads to) is gong configuration. */
export function isGongConfigPath(absolute: string, gongHome: string): boolean {
  const homes = [path.resolve(gongHome), realOrSelf(path.resolve(gongHome))];
  return [path.resolve(absolute), realOfExisting(path.resolve(absolute))].some(
    (candidate) =>
      homes.some((home) => isPathWithin(home, candidate)) ||
      namesConfigFile(candidate.split(path.sep)),
  );
}

/**
 * A bash command that names gong configuration in its text (`> .gong/settings.json`,
 * `cp x .mcp.json`). Cheap and textual: a command that hides the name gets past it, and
 * then the settings reloader still refuses the change (confirm-config-write.ts).
 */
export function commandNamesGongConfig(command: string, gongHome: string): boolean {
  if (/(^|[^\w.-])\.gong(\/|\s|$|["'])/.test(command)) return true;
  if (/\.mcp\.json|\.claude\/settings[^/\s]*\.json/i.test(command)) return true;
  return command.includes(path.resolve(gongHome));
}

function namesConfigFile(segments: string[]): boolean {
  const lower = insideWorktree(segments.map((segment) => segment.toLowerCase()));
  const name = lower[lower.length - 1] ?? "";
  if (lower.includes(".gong") || name === ".mcp.json") return true;
  return lower[lower.length - 2] === ".claude" && /^settings.*\.json$/.test(name);
}

/**
 * A git worktree's files (`.gong/worktrees/<name>/…`, `gong --worktree`) are a checkout of
 * the project, not configuration: only what is below the innermost worktree counts (its
 * own `.gong/settings.json` still does). Pinned by test/worktrees/worktree-config-paths.test.ts.
 */
function insideWorktree(lower: string[]): string[] {
  for (let i = lower.length - 3; i >= 0; i--) {
    if (lower[i] === ".gong" && lower[i + 1] === "worktrees") return lower.slice(i + 3);
  }
  return lower;
}

/** The real path of the deepest existing ancestor, with the rest appended. */
function realOfExisting(absolute: string): string {
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

function realOrSelf(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}
