import type { SlashCommand } from "../contract.js";
import { whenIdle } from "./idle.js";

/**
 * `/worktree [name]`: a new session in the git worktree `.gong/worktrees/<name>` on branch
 * `gong/<name>` (a new name without one; an existing one reused), as `gong --worktree`.
 * Leaving it (`/new`, `/resume`, quitting) commits its changes on that branch.
 */
export const worktreeCommand: SlashCommand = {
  name: "worktree",
  description: "start a new session in a git worktree of its own ([name])",
  async run(args, context) {
    if (!whenIdle(context, "/worktree")) return;
    const words = args.trim().split(/\s+/).filter(Boolean);
    if (words.length > 1) {
      context.ui.error("/worktree takes one name (letters, digits, . _ -), or none for a new one");
      return;
    }
    const switched = await context.host.newSession({ worktree: words[0] ?? true });
    if (!switched.ok) {
      context.ui.error(`/worktree: ${switched.error}`);
      return;
    }
    context.ui.replayTranscript();
    const where = switched.worktree;
    context.ui.note(
      where
        ? `new session in worktree ${where.name} (${where.path}, branch ${where.branch})`
        : "new session",
    );
  },
};
