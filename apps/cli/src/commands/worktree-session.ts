/**
 * `gong --worktree [name]`: the session runs in `.gong/worktrees/<name>` on branch
 * `gong/<name>` (created from HEAD, or reused); at its end what it changed is committed on
 * that branch and the worktree kept, with how to review, merge or remove it; one without
 * changes is removed. Pinned by test/worktrees.test.ts.
 */
import { finishWorktree, keptWorktreeLines, openWorktree } from "@gong/worktrees";
import type { CliIo } from "../io.js";

export async function runInWorktree(
  name: string | true,
  io: CliIo,
  run: (inside: CliIo) => Promise<number>,
): Promise<number> {
  const opened = await openWorktree(io.cwd, name === true ? undefined : name);
  if (!opened.ok) {
    io.stderr(`gong: --worktree: ${opened.error}; or start gong without --worktree\n`);
    return 1;
  }
  const worktree = opened.value;
  const how = worktree.created ? "new" : "existing";
  io.stderr(
    `gong: working in the ${how} worktree ${worktree.name} (${worktree.path}, branch ${worktree.branch}).\n`,
  );
  process.chdir(worktree.cwd);
  let code: number;
  try {
    code = await run({ ...io, cwd: worktree.cwd });
  } finally {
    process.chdir(io.cwd);
  }
  const end = await finishWorktree(worktree, `gong: session in worktree ${worktree.name}`);
  const lines = end.kept
    ? keptWorktreeLines(worktree, end)
    : [`worktree ${worktree.name} had no changes: removed it and branch ${worktree.branch}.`];
  for (const line of lines) io.stderr(`gong: ${line}\n`);
  return code;
}
