/**
 * `@gong/worktrees`: git worktrees for parallel sessions. Git and paths only, so
 * `gong worktree list` loads no agent.
 */

export {
  finishWorktree,
  keptWorktreeLines,
  type RemovedWorktree,
  type RemoveWorktreeOptions,
  removeWorktree,
  type WorktreeEnd,
} from "./finish-worktree.js";
export { git } from "./git.js";
export { newWorktreeName, worktreeNameProblem } from "./worktree-name.js";
export {
  BRANCH_PREFIX,
  findRepository,
  listWorktrees,
  type OpenedWorktree,
  openWorktree,
  type Repository,
  WORKTREES_FOLDER,
  type Worktree,
  type WorktreeChanges,
  type WorktreeState,
  worktreeFoldersOf,
  worktreeNameOf,
} from "./worktrees.js";
