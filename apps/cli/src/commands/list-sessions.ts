import {
  listAllSavedSessions,
  listSessionsForCwd,
  resolveGongHome,
  type SessionInfo,
} from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";

export const NO_SESSIONS_YET =
  'gong: no saved sessions for this directory yet; start one with gong -p "...", or list every folder\'s with gong -r --all.\n';

/**
 * This directory's stored sessions, newest first (`-r` without an id, on a terminal or
 * not); with `--all`, every folder's.
 */
export function sessionsOfThisDirectory(args: CliArgs, io: CliIo): Promise<SessionInfo[]> {
  return (args.all ? listAllSavedSessions : listSessionsForCwd)({
    cwd: io.cwd,
    gongHome: resolveGongHome(io.env),
    sessionDir: args.sessionDir,
    env: io.env,
  });
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
      `${s.id}  ${s.modified}  ${s.messageCount}${s.messageCountComplete ? "" : "+"} msgs  ${s.name ? `[${s.name}] ` : ""}${s.firstMessage}${args.all ? `  (in ${s.cwd})` : ""}`,
  );
  io.stdout(`${lines.join("\n")}\n`);
  io.stdout(
    'Resume one with: gong -r <id-prefix or name> -p "..." (a session of another folder runs in its own folder)\n',
  );
  return 0;
}
