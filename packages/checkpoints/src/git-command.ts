/**
 * `git` for the checkpoint store, run with an environment built from scratch: nothing of
 * the user's GIT_* variables, global or system config, hooks or fsmonitor reaches it, so
 * a snapshot can never run the project's hooks or write to the project's `.git`.
 */
import { spawn } from "node:child_process";
import type { Result } from "@gong/base";
import { GitShell } from "./git-shell.js";

export interface GitPaths {
  /** The store's own repository (GIT_DIR). */
  gitDir: string;
  /** The project folder whose files are snapshotted (GIT_WORK_TREE). */
  workTree: string;
  /** The store's index for this session (GIT_INDEX_FILE); never the project's. */
  indexFile: string;
}

export interface GitOutput {
  stdout: string;
  /** The same output as bytes: file names in it need not be UTF-8 (file-names.ts). */
  bytes: Buffer;
}

/** What `git` reports when it is not installed: the store falls back to file backups. */
export const GIT_MISSING = "git is not installed";

/** Config given on every call: no hooks, no user filters, paths as they are. */
const FORCED_CONFIG = [
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  "core.autocrlf=false",
  "core.quotePath=false",
  "core.symlinks=true",
  "commit.gpgSign=false",
];

export function gitEnvironment(paths: GitPaths, inherited: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: inherited.PATH ?? "/usr/bin:/bin",
    // A HOME of our own: git reads no ~/.gitconfig or ~/.config/git/ignore of the user.
    HOME: paths.gitDir,
    LC_ALL: "C",
    GIT_DIR: paths.gitDir,
    GIT_WORK_TREE: paths.workTree,
    GIT_INDEX_FILE: paths.indexFile,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_TERMINAL_PROMPT: "0",
    // Paths from the project are file names, never globs (`[x].ts` is a file).
    GIT_LITERAL_PATHSPECS: "1",
    GIT_AUTHOR_NAME: "gong",
    GIT_AUTHOR_EMAIL: "checkpoints@gong.invalid",
    GIT_COMMITTER_NAME: "gong",
    GIT_COMMITTER_EMAIL: "checkpoints@gong.invalid",
  };
}

interface GitOptions {
  input?: string | Buffer;
  stream?: NodeJS.ReadableStream;
  env?: NodeJS.ProcessEnv;
}

/** The shell of each store (the same `paths` object per store), made on its first command. */
const shells = new WeakMap<GitPaths, GitShell>();

/** Runs `git args…` in the store; a non-zero exit is an error value with git's message. */
export async function runGit(
  paths: GitPaths,
  args: readonly string[],
  options: GitOptions = {},
): Promise<Result<GitOutput>> {
  // A piped input or an environment of the caller's own needs a process of its own.
  if (options.stream || options.env) return spawnGit(paths, args, options);
  let shell = shells.get(paths);
  if (!shell) {
    shell = new GitShell(paths.workTree, gitEnvironment(paths, process.env));
    shells.set(paths, shell);
  }
  const run = await shell.run(withConfig(args), options.input ?? "");
  if (run.code === null) return spawnGit(paths, args, options);
  if (run.code === 0) return { ok: true, value: output(run.stdout) };
  return { ok: false, error: gitFailure(args, run.stderr, run.code) };
}

function output(bytes: Buffer): GitOutput {
  return { stdout: bytes.toString(), bytes };
}

function withConfig(args: readonly string[]): string[] {
  return [...FORCED_CONFIG.flatMap((entry) => ["-c", entry]), ...args];
}

function gitFailure(args: readonly string[], stderr: Buffer, code: number | null): string {
  const message = stderr.toString().trim() || `exit code ${code}`;
  return `git ${args[0]}: ${message}`;
}

/** `git args…` as a process of its own, spawned from gong. */
function spawnGit(
  paths: GitPaths,
  args: readonly string[],
  options: GitOptions,
): Promise<Result<GitOutput>> {
  return new Promise((resolve) => {
    const child = spawn("git", withConfig(args), {
      cwd: paths.workTree,
      env: gitEnvironment(paths, options.env ?? process.env),
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error: NodeJS.ErrnoException) => {
      resolve({ ok: false, error: error.code === "ENOENT" ? GIT_MISSING : error.message });
    });
    child.on("close", (code) => {
      if (code === 0) return resolve({ ok: true, value: output(Buffer.concat(out)) });
      resolve({ ok: false, error: gitFailure(args, Buffer.concat(err), code) });
    });
    // A git that exits before reading its input (an error) closes the pipe: not our failure.
    child.stdin.on("error", () => {});
    if (options.stream) options.stream.pipe(child.stdin);
    else child.stdin.end(options.input ?? "");
  });
}

/** NUL-separated git output → its items. */
export function splitNul(text: string): string[] {
  return text.split("\0").filter((item) => item !== "");
}
