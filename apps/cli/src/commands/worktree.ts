/**
 * `gong worktree list` and `gong worktree remove <name> [--force]`: git plumbing only
 * (`@gong/worktrees`), no agent loaded (test/start-modules.test.ts).
 */
import { listWorktrees, removeWorktree, type WorktreeState } from "@gong/worktrees";
import type { WorktreeCommand } from "../args.js";
import type { CliIo } from "../io.js";

export async function worktreeCommand(command: WorktreeCommand, io: CliIo): Promise<number> {
  if (command.name === "remove") return remove(command.worktree, command.force, io);
  const listed = await listWorktrees(io.cwd);
  if (!listed.ok) {
    io.stderr(`gong: ${listed.error}\n`);
    return 1;
  }
  if (listed.value.length === 0) {
    io.stdout("No worktrees. Start a session in one with gong --worktree <name>.\n");
    return 0;
  }
  const width = Math.max(...listed.value.map((worktree) => worktree.name.length));
  for (const worktree of listed.value) {
    io.stdout(
      `${worktree.name.padEnd(width)}  ${worktree.branch}  ${changesText(worktree)}  ${worktree.path}\n`,
    );
  }
  return 0;
}

function changesText({ changes }: WorktreeState): string {
  if (!changes.ok) return `unknown (${changes.error})`;
  const { ahead, uncommitted } = changes.value;
  if (ahead === 0 && uncommitted === 0) return "no changes";
  const parts = [
    ...(ahead > 0 ? [`${ahead} commit${ahead === 1 ? "" : "s"}`] : []),
    ...(uncommitted > 0 ? [`${uncommitted} uncommitted`] : []),
  ];
  return parts.join(", ");
}

async function remove(name: string, force: boolean, io: CliIo): Promise<number> {
  const removed = await removeWorktree(io.cwd, name, { force });
  if (!removed.ok) {
    io.stderr(`gong: ${removed.error}\n`);
    return 1;
  }
  const { worktree, branchKept } = removed.value;
  io.stdout(
    branchKept === undefined
      ? `Removed worktree ${name} and branch ${worktree.branch}.\n`
      : `Removed worktree ${name}; branch ${worktree.branch} is kept: it has ${branchKept} commit(s) the main checkout lacks (merge it with git merge ${worktree.branch}, or delete it with git branch -D ${worktree.branch}).\n`,
  );
  return 0;
}
