/**
 * What a worktree may be called: one path segment that is also a branch name under
 * `gong/`. Checked here before git sees it, so a bad name is one clear line, never a
 * folder outside `.gong/worktrees/` (`..`, `a/b`) or a branch git would refuse later.
 */
import { randomBytes } from "node:crypto";

const MAX_NAME = 64;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Why `name` cannot name a worktree, or undefined when it can. */
export function worktreeNameProblem(name: string): string | undefined {
  const rule = `use letters, digits, ".", "_" and "-", starting with a letter or digit, at most ${MAX_NAME} characters (e.g. fix-login)`;
  if (name.length === 0) return `a worktree name cannot be empty: ${rule}`;
  if (name.length > MAX_NAME)
    return `the worktree name "${name.slice(0, 20)}…" is too long: ${rule}`;
  if (!NAME.test(name)) return `"${name}" cannot name a worktree: ${rule}`;
  // git's own rules for a ref's component (git check-ref-format).
  if (name.includes("..") || name.endsWith(".") || name.endsWith(".lock")) {
    return `"${name}" cannot name a git branch (no "..", no trailing "." or ".lock"): ${rule}`;
  }
  return undefined;
}

/** A fresh name for `--worktree` without one, or for a task's worktree (`task-3fa9c1`). */
export function newWorktreeName(prefix = "session"): string {
  return `${prefix}-${randomBytes(3).toString("hex")}`;
}
