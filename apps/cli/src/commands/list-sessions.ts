import { resolveGongHome } from "@gong/base";
import { listAllSavedSessions, listSessionsForCwd, type SessionInfo } from "@gong/runtime";
import { worktreeFoldersOf, worktreeNameOf } from "@gong/worktrees";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";

export const NO_SESSIONS_YET =
  'gong: no saved sessions for this directory yet; start one with gong -p "...", or list every folder\'s with gong -r --all.\n';

/**
 * This directory's stored sessions and those of its worktrees (`gong --worktree`), newest
 * first (`-r` without an id, on a terminal or not); with `--all`, every folder's.
 */
export async function sessionsOfThisDirectory(args: CliArgs, io: CliIo): Promise<SessionInfo[]> {
  const options = {
    cwd: io.cwd,
    gongHome: resolveGongHome(io.env),
    sessionDir: args.sessionDir,
    env: io.env,
  };
  if (args.all) return listAllSavedSessions(options);
  const folders = [io.cwd, ...worktreeFoldersOf(io.cwd)];
  const lists = await Promise.all(folders.map((cwd) => listSessionsForCwd({ ...options, cwd })));
  return lists.flat().sort((a, b) => b.modified.localeCompare(a.modified));
}

/** `[worktree <name>] ` for a session that ran in a gong worktree, else "". */
export function worktreeLabel(session: Pick<SessionInfo, "cwd">): string {
  const name = worktreeNameOf(session.cwd);
  return name === undefined ? "" : `[worktree ${name}] `;
}

/**
 * `-r` without an id when not on a terminal: the sessions of this directory, newest
 * first, to pick one from (on a terminal the `/resume` picker opens instead).
 */
export async function listSessionsCommand(args: CliArgs, io: CliIo): Promise<number> {
  const sessions = await sessionsOfThisDirectory(args, io);
  if (sessions.length === 0) {
    io.stderr(NO_SESSIONS_YET);
    return 1;
  }
  // The listing reads a bounded prefix of each file: a count it did not finish says so.
  const lines = sessions.map(
    (s) =>
      `${s.id}  ${s.modified}  ${s.messageCount}${s.messageCountComplete ? "" : "+"} msgs  ${worktreeLabel(s)}${s.name ? `[${s.name}] ` : ""}${s.firstMessage}${args.all ? `  (in ${s.cwd})` : ""}`,
  );
  io.stdout(`${lines.join("\n")}\n`);
  io.stdout(
    'Resume one with: gong -r <id-prefix or name> -p "..." (a session of another folder runs in its own folder)\n',
  );
  return 0;
}
