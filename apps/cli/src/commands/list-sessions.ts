import { listSessionsForCwd, resolveGongHome } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";

/** `-r` without an id: the sessions of this directory, newest first, to pick one from. */
export async function listSessionsCommand(args: CliArgs, io: CliIo): Promise<number> {
  const sessions = await listSessionsForCwd({
    cwd: io.cwd,
    gongHome: resolveGongHome(io.env),
    sessionDir: args.sessionDir,
    env: io.env,
  });
  if (sessions.length === 0) {
    io.stderr('gong: no saved sessions for this directory yet; start one with gong -p "...".\n');
    return 1;
  }
  // The listing reads a bounded prefix of each file: a count it did not finish says so.
  const lines = sessions.map(
    (s) =>
      `${s.id}  ${s.modified}  ${s.messageCount}${s.messageCountComplete ? "" : "+"} msgs  ${s.firstMessage}`,
  );
  io.stdout(`${lines.join("\n")}\n`);
  io.stdout('Resume one with: gong -r <id-prefix> -p "..."\n');
  return 0;
}
