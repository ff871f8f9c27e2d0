import path from "node:path";
import { listSessions, type SessionInfo } from "@gong/session-store";

export interface ListSessionsForCwdOptions {
  cwd: string;
  gongHome: string;
  sessionDir?: string;
}

/** This directory's saved sessions, newest first (for `-r` without an id). */
export async function listSessionsForCwd(
  options: ListSessionsForCwdOptions,
): Promise<SessionInfo[]> {
  return listSessions(path.resolve(options.cwd), {
    gongHome: options.gongHome,
    ...(options.sessionDir ? { sessionDir: path.resolve(options.cwd, options.sessionDir) } : {}),
  });
}
