import { existsSync } from "node:fs";
import path from "node:path";
import {
  looksLikePath,
  newestSession,
  SessionStore,
  type SessionStoreError,
} from "@gong/session-store";
import type { CodingSessionError, SessionChoice } from "./options.js";

/*
 * Which session file a run writes to: a new one, the newest of this cwd (`-c`), one by
 * id or path (`-r`, `--session`), or memory only (`--no-session`). Opening takes the
 * file's lock; a lock held by another gong comes back as one line naming its pid.
 */

export interface StoreLocation {
  cwd: string;
  gongHome: string;
  sessionDir: string | undefined;
  env: NodeJS.ProcessEnv;
  warn: (message: string) => void;
}

export function openStore(choice: SessionChoice, where: StoreLocation) {
  const common = {
    gongHome: where.gongHome,
    env: where.env,
    ...(where.sessionDir ? { sessionDir: where.sessionDir } : {}),
    onWarning: (warning: { message: string }) => where.warn(warning.message),
  };
  switch (choice.kind) {
    case "none":
      return {
        ok: true as const,
        value: SessionStore.inMemory({ cwd: where.cwd, onWarning: common.onWarning }),
      };
    case "open":
      return SessionStore.open(choice.ref, { ...common, cwd: where.cwd });
    case "continue": // resolved to "open" or "new" by effectiveChoice
      return SessionStore.create({ ...common, cwd: where.cwd });
    case "new":
      return SessionStore.create({
        ...common,
        cwd: where.cwd,
        ...(choice.path ? { path: choice.path } : {}),
      });
  }
}

/**
 * `-c` with no session yet for this cwd starts a new one; so does `--session <path>` to
 * a file that does not exist yet (there, so the user knows where it is).
 */
export function effectiveChoice(choice: SessionChoice, where: StoreLocation): SessionChoice {
  if (choice.kind === "open" && choice.createIfMissing && looksLikePath(choice.ref)) {
    const file = path.resolve(where.cwd, choice.ref);
    return existsSync(file) ? choice : { kind: "new", path: file };
  }
  if (choice.kind !== "continue") return choice;
  const newest = newestSession(where.cwd, {
    gongHome: where.gongHome,
    env: where.env,
    ...(where.sessionDir ? { sessionDir: where.sessionDir } : {}),
  });
  return newest ? { kind: "open", ref: newest.path } : { kind: "new" };
}

export function storeFailure(error: SessionStoreError): CodingSessionError {
  switch (error.code) {
    case "SESSION_LOCKED":
      return { code: "session_locked", message: error.message, usage: false };
    case "SESSION_NOT_FOUND":
    case "AMBIGUOUS_SESSION_ID":
      return { code: "session_not_found", message: error.message, usage: false };
    default:
      return { code: "session_unreadable", message: error.message, usage: false };
  }
}
