import path from "node:path";
import {
  listAllSessions,
  listSessions,
  readSessionInfo,
  resolveSessionRef,
  type SessionInfo,
} from "@gong/session-store";
import { configuredSessionDir } from "@gong/settings";

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

/** The saved sessions of every folder, newest first (`gong -r --all`). */
export async function listAllSavedSessions(
  options: ListSessionsForCwdOptions,
): Promise<SessionInfo[]> {
  const cwd = path.resolve(options.cwd);
  const sessionDir = configuredSessionDir({ ...options, cwd, flag: options.sessionDir });
  return listAllSessions({ gongHome: options.gongHome, ...(sessionDir ? { sessionDir } : {}) });
}

/**
 * The listing record of the session `ref` names (a file, an id prefix or a `/rename`
 * name; this folder's first), to know its folder before it opens — or why there is none.
 */
export function findSavedSession(
  ref: string,
  options: ListSessionsForCwdOptions,
): { ok: true; value: SessionInfo } | { ok: false; error: string } {
  const cwd = path.resolve(options.cwd);
  const sessionDir = configuredSessionDir({ ...options, cwd, flag: options.sessionDir });
  const found = resolveSessionRef(ref, {
    cwd,
    gongHome: options.gongHome,
    ...(sessionDir ? { sessionDir } : {}),
  });
  if (!found.ok) return { ok: false, error: found.error.message };
  const info = readSessionInfo(found.value);
  if (!info) return { ok: false, error: `${found.value} is not a readable session file.` };
  return { ok: true, value: info };
}
