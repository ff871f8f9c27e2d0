/**
 * The end of a worktree's session or task, and `gong worktree remove`. What the session
 * changed is committed on the worktree's branch, so the branch holds it (review, merge
 * and cherry-pick work on branches, not on another folder's uncommitted files); a
 * worktree that holds nothing the main checkout lacks is removed with its branch, one
 * that does is kept. When git cannot tell, the worktree is kept: nothing is lost.
 */
import type { Result } from "@gong/base";
import { git } from "./git.js";
import { worktreeNameProblem } from "./worktree-name.js";
import { changesOf, findRepository, listWorktrees, type Worktree } from "./worktrees.js";

export type WorktreeEnd =
  | { kept: false }
  | {
      kept: true /** Commits on its branch the main checkout lacks. */;
      ahead: number;
      committed: boolean;
      problem?: string;
    };

/** Commits the worktree's changes with `message`, then removes it if it holds nothing new. */
export async function finishWorktree(worktree: Worktree, message: string): Promise<WorktreeEnd> {
  const before = await changesOf(worktree);
  if (!before.ok) return { kept: true, ahead: 0, committed: false, problem: before.error };
  let committed = false;
  if (before.value.uncommitted > 0) {
    const commit = await commitAll(worktree, message);
    if (!commit.ok)
      return { kept: true, ahead: before.value.ahead, committed, problem: commit.error };
    committed = true;
  }
  const after = await changesOf(worktree);
  if (!after.ok) return { kept: true, ahead: 0, committed, problem: after.error };
  if (after.value.uncommitted > 0 || after.value.ahead > 0) {
    return { kept: true, ahead: after.value.ahead, committed };
  }
  const removed = await removeFolderAndBranch(worktree, { force: false, branch: true });
  if (!removed.ok) return { kept: true, ahead: 0, committed, problem: removed.error };
  return { kept: false };
}

async function commitAll(worktree: Worktree, message: string): Promise<Result<string>> {
  const added = await git(worktree.path, ["add", "--all"]);
  if (!added.ok) return added;
  // Without an identity of the user's, git refuses to commit: the commit is gong's then.
  const identity = await git(worktree.path, ["config", "user.email"]);
  const author = identity.ok ? [] : ["-c", "user.name=gong", "-c", "user.email=gong@localhost"];
  return git(worktree.path, [...author, "commit", "--quiet", "--no-verify", "-m", message]);
}

/** The lines that tell the user how to review, merge or remove a kept worktree. */
export function keptWorktreeLines(worktree: Worktree, end: WorktreeEnd): string[] {
  if (!end.kept) return [];
  const { branch, name, path: folder, repository } = worktree;
  const holds = end.committed
    ? `its changes are committed on branch ${branch}`
    : `branch ${branch} holds ${end.ahead} commit(s) the main checkout lacks`;
  return [
    `worktree ${name} kept at ${folder}: ${end.problem ? `git could not tell what it holds (${end.problem})` : holds}.`,
    `  review: git -C ${JSON.stringify(repository.root)} diff HEAD...${branch}`,
    `  merge:  git -C ${JSON.stringify(repository.root)} merge ${branch}`,
    `  remove: gong worktree remove ${name}`,
  ];
}

export interface RemoveWorktreeOptions {
  /** Discard uncommitted changes and delete the branch even when it holds commits. */
  force?: boolean;
}

/** What `gong worktree remove` did: the branch is kept when it holds unmerged commits. */
export interface RemovedWorktree {
  worktree: Worktree;
  /** Set when the branch was kept: its commits the main checkout lacks. */
  branchKept?: number;
}

/**
 * `gong worktree remove <name>`: refuses uncommitted changes unless `force` (they would
 * be lost); deletes the branch when the main checkout has all its commits (or `force`).
 */
export async function removeWorktree(
  cwd: string,
  name: string,
  options: RemoveWorktreeOptions = {},
): Promise<Result<RemovedWorktree>> {
  const problem = worktreeNameProblem(name);
  if (problem) return { ok: false, error: problem };
  const repository = await findRepository(cwd);
  if (!repository.ok) return repository;
  const listed = await listWorktrees(cwd);
  if (!listed.ok) return listed;
  const worktree = listed.value.find((candidate) => candidate.name === name);
  if (!worktree) {
    const names = listed.value.map((candidate) => candidate.name).join(", ") || "none";
    return {
      ok: false,
      error: `no worktree named ${name} (gong worktree list shows them: ${names})`,
    };
  }
  const force = options.force === true;
  const changes = worktree.changes;
  if (!force && !changes.ok) {
    return {
      ok: false,
      error: `cannot tell what ${name} holds (${changes.error}); pass --force to remove it anyway`,
    };
  }
  if (!force && changes.ok && changes.value.uncommitted > 0) {
    return {
      ok: false,
      error: `worktree ${name} has ${changes.value.uncommitted} uncommitted change(s): commit them (git -C ${JSON.stringify(worktree.path)} commit -am …) or pass --force to discard them`,
    };
  }
  const ahead = changes.ok ? changes.value.ahead : 0;
  const deleteBranch = force || ahead === 0;
  const removed = await removeFolderAndBranch(worktree, { force, branch: deleteBranch });
  if (!removed.ok) return removed;
  return { ok: true, value: { worktree, ...(deleteBranch ? {} : { branchKept: ahead }) } };
}

async function removeFolderAndBranch(
  worktree: Worktree,
  options: { force: boolean; branch: boolean },
): Promise<Result<void>> {
  const { root } = worktree.repository;
  const args = ["worktree", "remove", ...(options.force ? ["--force"] : []), worktree.path];
  const removed = await git(root, args);
  if (!removed.ok) return { ok: false, error: `cannot remove ${worktree.path}: ${removed.error}` };
  if (!options.branch) return { ok: true, value: undefined };
  const deleted = await git(root, ["branch", "-D", "--quiet", worktree.branch]);
  if (!deleted.ok)
    return {
      ok: false,
      error: `removed ${worktree.path}, but not branch ${worktree.branch}: ${deleted.error}`,
    };
  return { ok: true, value: undefined };
}
