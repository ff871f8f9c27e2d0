/**
 * `task` with `isolation: "worktree"`: the subagent works in a git worktree of its own
 * (`.gong/worktrees/task-<hex>` on branch `gong/task-<hex>`, packages/worktrees),
 * so subagents that edit files in parallel never touch each other's files or the
 * parent's. At its end its changes are committed on that branch and the result names it;
 * a subagent that changed nothing leaves no worktree. Pinned by
 * apps/cli/test/worktrees.test.ts "two parallel task subagents".
 */
import type { ToolResponse } from "@gong/base";
import { failure } from "@gong/tools";
import { finishWorktree, keptWorktreeLines, newWorktreeName, openWorktree } from "@gong/worktrees";
import type { SubagentHost } from "./run-subagent.js";

export async function runInTaskWorktree(
  host: SubagentHost,
  description: string,
  run: (host: SubagentHost) => Promise<ToolResponse>,
): Promise<ToolResponse> {
  const opened = await openFreshWorktree(host.cwd);
  if (!opened.ok) {
    return failure("EXECUTION_ERROR", `task isolation "worktree": ${opened.error}.`, {
      next: [
        "Call task again without isolation, or ask the user to make the folder a git repository (git init, one commit).",
      ],
    });
  }
  const worktree = opened.value;
  const envelope = await run({ ...host, cwd: worktree.cwd });
  const end = await finishWorktree(worktree, `gong: task ${description}`);
  const where = {
    name: worktree.name,
    branch: worktree.branch,
    path: worktree.path,
    kept: end.kept,
  };
  const lines = end.kept
    ? keptWorktreeLines(worktree, end)
    : [`The subagent changed no file: its worktree ${worktree.name} was removed.`];
  return {
    ...envelope,
    data: { ...(envelope.data as Record<string, unknown>), worktree: where },
    // An error's text ends with its next steps: what the worktree holds goes first then.
    text:
      envelope.status === "error"
        ? `${lines.join("\n")}\n\n${envelope.text}`
        : `${envelope.text}\n\n${lines.join("\n")}`,
  };
}

/** A new worktree: a name already taken (by another task) is never reused for a task. */
async function openFreshWorktree(cwd: string) {
  for (;;) {
    const opened = await openWorktree(cwd, newWorktreeName("task"));
    if (!opened.ok || opened.value.created) return opened;
  }
}
