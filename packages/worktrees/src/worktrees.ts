/**
 * Git worktrees for parallel sessions: `gong --worktree <name>` and `task` with
 * `isolation: "worktree"` work in `<repo>/.gong/worktrees/<name>` on branch `gong/<name>`,
 * so two sessions never edit the same files. The folder is excluded through the
 * repository's `.git/info/exclude`, so the main checkout's `git status` stays clean.
 *
 * An existing name is reused: its worktree when there is one (a session goes on where
 * the last one stopped), else its branch checked out again. A folder at that path that
 * git does not know as a worktree is an error, never overwritten.
 */
import { existsSync, readdirSync } from "node:fs";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Result } from "@gong/base";
import { git } from "./git.js";
import { newWorktreeName, worktreeNameProblem } from "./worktree-name.js";

/** Where the worktrees live, relative to the main checkout. */
export const WORKTREES_FOLDER = path.join(".gong", "worktrees");
/** Each worktree's branch is `gong/<name>`. */
export const BRANCH_PREFIX = "gong/";
const EXCLUDE_LINE = "/.gong/worktrees/";

export interface Repository {
  /** The main checkout's folder (the worktrees live under it). */
  root: string;
  /** The repository's shared `.git` folder (the main checkout's and every worktree's). */
  commonDir: string;
}

export interface Worktree {
  name: string;
  /** Absolute folder of the worktree. */
  path: string;
  branch: string;
  repository: Repository;
  /**
   * What its changes are counted against: the commit it was opened from (the HEAD of the
   * folder that opened it: a task of a session in a worktree branches from that one), or
   * the main checkout's HEAD (`gong worktree list`).
   */
  base: string;
}

export interface OpenedWorktree extends Worktree {
  /** false when an existing worktree was reused. */
  created: boolean;
  /**
   * Where a session in it runs: the same subfolder the opening folder is of its checkout
   * (`src/` opens `<worktree>/src`), or the worktree itself when that is not there.
   */
  cwd: string;
}

/** The repository `cwd` is in (from a worktree too: its main checkout); an error outside one. */
export async function findRepository(cwd: string): Promise<Result<Repository>> {
  const found = await git(cwd, [
    "rev-parse",
    "--path-format=absolute",
    "--git-common-dir",
    "--show-toplevel",
  ]);
  if (!found.ok) {
    return {
      ok: false,
      error: `${cwd} is not in a git repository (${found.error}): worktrees need one (git init, then commit once)`,
    };
  }
  const [commonDir = "", toplevel = ""] = found.value.trim().split("\n");
  // A worktree's top level is its own folder; the main checkout holds the shared .git.
  const root = path.basename(commonDir) === ".git" ? path.dirname(commonDir) : toplevel;
  if (!root) return { ok: false, error: `${cwd} is in a git repository without a work tree` };
  return { ok: true, value: { root, commonDir } };
}

export function worktreeOf(repository: Repository, name: string): Worktree {
  return {
    name,
    path: path.join(repository.root, WORKTREES_FOLDER, name),
    branch: `${BRANCH_PREFIX}${name}`,
    repository,
    base: "HEAD",
  };
}

/** The name of the gong worktree `folder` is in (`…/.gong/worktrees/<name>[/…]`), if any. */
export function worktreeNameOf(folder: string): string | undefined {
  const segments = path.resolve(folder).split(path.sep);
  for (let i = segments.length - 3; i >= 0; i--) {
    if (segments[i] === ".gong" && segments[i + 1] === "worktrees") return segments[i + 2];
  }
  return undefined;
}

/**
 * The folders under `<folder>/.gong/worktrees/`, read without git (a session listing
 * shows their sessions beside the folder's own); none when there is no such folder.
 */
export function worktreeFoldersOf(folder: string): string[] {
  const parent = path.join(folder, WORKTREES_FOLDER);
  try {
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(parent, entry.name));
  } catch {
    // No worktrees folder (the usual case), or one we cannot read: no worktree sessions.
    return [];
  }
}

/**
 * The worktree `name` of `cwd`'s repository (a new name when none is given), created from
 * HEAD on a new branch, or reused (see the top of this file).
 */
export async function openWorktree(cwd: string, name?: string): Promise<Result<OpenedWorktree>> {
  if (name !== undefined) {
    const problem = worktreeNameProblem(name);
    if (problem) return { ok: false, error: problem };
  }
  const repository = await findRepository(cwd);
  if (!repository.ok) return repository;
  const head = await git(cwd, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  if (!head.ok) {
    return {
      ok: false,
      error: `the repository at ${repository.value.root} has no commit yet: commit once, then start the worktree`,
    };
  }
  const worktree = {
    ...worktreeOf(repository.value, name ?? newWorktreeName()),
    base: head.value.trim(),
  };
  const excluded = await excludeWorktreesFolder(repository.value);
  if (!excluded.ok) return excluded;
  const registered = await registeredWorktrees(repository.value);
  if (!registered.ok) return registered;
  if (registered.value.has(worktree.path)) {
    return {
      ok: true,
      value: { ...worktree, created: false, cwd: await sessionFolder(cwd, worktree) },
    };
  }
  if (existsSync(worktree.path)) {
    return {
      ok: false,
      error: `${worktree.path} exists but is not a git worktree of this repository: move it away, or choose another name`,
    };
  }
  const added = await addWorktree(worktree);
  if (!added.ok) return added;
  return {
    ok: true,
    value: { ...worktree, created: true, cwd: await sessionFolder(cwd, worktree) },
  };
}

/** `cwd`'s place in its checkout, in the worktree (see `OpenedWorktree.cwd`). */
async function sessionFolder(cwd: string, worktree: Worktree): Promise<string> {
  const prefix = await git(cwd, ["rev-parse", "--show-prefix"]);
  const inside = prefix.ok ? path.join(worktree.path, prefix.value.trim()) : worktree.path;
  return existsSync(inside) ? path.resolve(inside) : worktree.path;
}

async function addWorktree(worktree: Worktree): Promise<Result<void>> {
  const { root } = worktree.repository;
  await mkdir(path.dirname(worktree.path), { recursive: true });
  const branchExists = await hasBranch(root, worktree.branch);
  const args = branchExists
    ? ["worktree", "add", "--quiet", worktree.path, worktree.branch]
    : ["worktree", "add", "--quiet", "-b", worktree.branch, worktree.path, worktree.base];
  const added = await git(root, args);
  if (!added.ok) {
    return { ok: false, error: `cannot create the worktree ${worktree.name}: ${added.error}` };
  }
  return { ok: true, value: undefined };
}

export async function hasBranch(root: string, branch: string): Promise<boolean> {
  return (await git(root, ["show-ref", "--verify", "--quiet", `refs/heads/${branch}`])).ok;
}

/** Adds `/.gong/worktrees/` to `.git/info/exclude` once. */
async function excludeWorktreesFolder(repository: Repository): Promise<Result<void>> {
  const file = path.join(repository.commonDir, "info", "exclude");
  try {
    const current = existsSync(file) ? await readFile(file, "utf8") : "";
    if (current.split("\n").some((line) => line.trim() === EXCLUDE_LINE)) {
      return { ok: true, value: undefined };
    }
    await mkdir(path.dirname(file), { recursive: true });
    const separator = current === "" || current.endsWith("\n") ? "" : "\n";
    await appendFile(file, `${separator}# gong's worktrees (gong --worktree)\n${EXCLUDE_LINE}\n`);
    return { ok: true, value: undefined };
  } catch (error) {
    return {
      ok: false,
      error: `cannot add ${EXCLUDE_LINE} to ${file}: ${(error as Error).message}; fix its permissions and try again`,
    };
  }
}

/** The folders git knows as this repository's worktrees, by absolute path. */
async function registeredWorktrees(repository: Repository): Promise<Result<Map<string, string>>> {
  const listed = await git(repository.root, ["worktree", "list", "--porcelain"]);
  if (!listed.ok) return listed;
  const found = new Map<string, string>();
  for (const block of listed.value.split("\n\n")) {
    const lines = block.split("\n");
    const folder = lines.find((line) => line.startsWith("worktree "))?.slice(9);
    const branch = lines.find((line) => line.startsWith("branch "))?.slice(7) ?? "";
    if (folder) found.set(folder, branch.replace(/^refs\/heads\//, ""));
  }
  return { ok: true, value: found };
}

export interface WorktreeChanges {
  /** Files changed and not committed in the worktree. */
  uncommitted: number;
  /** Commits on its branch that the main checkout's HEAD does not have. */
  ahead: number;
}

export interface WorktreeState extends Worktree {
  /** What it holds, or why that could not be told (then it counts as changed). */
  changes: Result<WorktreeChanges>;
}

/** Gong's worktrees of `cwd`'s repository (those under `.gong/worktrees/`), by name. */
export async function listWorktrees(cwd: string): Promise<Result<WorktreeState[]>> {
  const repository = await findRepository(cwd);
  if (!repository.ok) return repository;
  const registered = await registeredWorktrees(repository.value);
  if (!registered.ok) return registered;
  const folder = path.join(repository.value.root, WORKTREES_FOLDER) + path.sep;
  const states: WorktreeState[] = [];
  for (const [where, branch] of registered.value) {
    if (!where.startsWith(folder)) continue;
    const worktree = { ...worktreeOf(repository.value, where.slice(folder.length)), branch };
    states.push({ ...worktree, changes: await changesOf(worktree) });
  }
  return { ok: true, value: states.sort((a, b) => a.name.localeCompare(b.name)) };
}

/**
 * What a worktree holds that the main checkout does not (0 and 0: nothing to keep). An
 * error when git cannot tell: callers then keep the worktree (nothing is lost).
 */
export async function changesOf(worktree: Worktree): Promise<Result<WorktreeChanges>> {
  const status = await git(worktree.path, ["status", "--porcelain", "--untracked-files=all"]);
  if (!status.ok) return status;
  const counted = await git(worktree.repository.root, [
    "rev-list",
    "--count",
    `${worktree.base}..refs/heads/${worktree.branch}`,
  ]);
  if (!counted.ok) return counted;
  return {
    ok: true,
    value: {
      uncommitted: status.value.split("\n").filter(Boolean).length,
      ahead: Number(counted.value.trim()),
    },
  };
}
