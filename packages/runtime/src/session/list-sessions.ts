import path from "node:path";
import { listSessions, type SessionInfo } from "@gong/session-store";
import { configuredSessionDir } from "./session-dir.js";

export interface ListSessionsForCwdOptions {
  cwd: string;
  gongHome: string;
  /** `--session-dir`; without it the settings' `sessionDir` applies. */
  sessionDir?: string;
  env?: NodeJS.ProcessEnv;
}

/** This directory's saved sessions, newest first (for `-r` without an id). */
export async function listSessionsForCwd(
  options: ListSessionsForCwdOptions,
): Promise<SessionInfo[]> {
  const cwd = path.resolve(options.cwd);
  const sessionDir = configuredSessionDir({ ...options, cwd, flag: options.sessionDir });
  return listSessions(cwd, { gongHome: options.gongHome, ...(sessionDir ? { sessionDir } : {}) });
}
