/**
 * `git` in the user's repository for the worktree commands. Unlike the checkpoint store's
 * git (a store of its own), this one works on the project's `.git` with the user's config
 * and identity, but never runs the project's hooks: `git worktree add` would run a
 * post-checkout hook and a commit its pre-commit hook, code of a folder that may not be
 * trusted (test/worktrees.test.ts "hooks never run").
 */
import { execFile } from "node:child_process";
import type { Result } from "@gong/base";

const NO_HOOKS = ["-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false"];

/** GIT_* variables that would point git at another repository than `cwd`'s. */
const REPOSITORY_VARIABLES = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR"];

function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  return env;
}

/** Runs `git args…` in `cwd`; its stdout, or git's own message when it fails. */
export function git(cwd: string, args: readonly string[]): Promise<Result<string>> {
  return new Promise((resolve) => {
    execFile(
      "git",
      [...NO_HOOKS, ...args],
      { cwd, env: gitEnvironment(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, value: stdout });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" && !stderr) {
          return resolve({ ok: false, error: "git is not installed (or not on PATH)" });
        }
        const message = stderr.trim().split("\n").filter(Boolean).pop() ?? error.message;
        resolve({ ok: false, error: message.replace(/^(fatal|error): /, "") });
      },
    );
  });
}
