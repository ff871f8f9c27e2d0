import type { Result as BaseResult } from "@gong/base";

/**
 * Expected failures are values (STYLE "Errors"). Each message says what happened and
 * what to do next; `code` is stable for programs.
 */
export type SessionStoreError =
  | {
      code: "SESSION_LOCKED";
      message: string;
      path: string;
      /** The process that holds the lock. */
      holderPid: number;
      holderHost: string;
      /** ISO 8601, when the holder took the lock. */
      since: string;
    }
  | { code: "SESSION_NOT_FOUND"; message: string; query: string }
  | { code: "AMBIGUOUS_SESSION_ID"; message: string; query: string; matches: string[] }
  | { code: "INVALID_SESSION_FILE"; message: string; path: string }
  | { code: "UNSUPPORTED_VERSION"; message: string; path: string; version: number }
  | { code: "ENTRY_NOT_FOUND"; message: string; entryId: string }
  | { code: "INVALID_NAME"; message: string }
  | { code: "IO_ERROR"; message: string; path: string; errno?: string };

export type SessionErrorCode = SessionStoreError["code"];

export type Result<T> = BaseResult<T, SessionStoreError>;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T>(error: SessionStoreError): Result<T> => ({ ok: false, error });

export function ioError(path: string, cause: unknown, doing: string): SessionStoreError {
  const errno = (cause as NodeJS.ErrnoException | undefined)?.code;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const hint =
    errno === "ENOSPC"
      ? "Free some disk space and try again."
      : errno === "EACCES" || errno === "EPERM"
        ? "Check the permissions of the file and its folder."
        : "Check that the path exists and is writable.";
  return {
    code: "IO_ERROR",
    message: `Could not ${doing} ${path}: ${reason}. ${hint}`,
    path,
    ...(errno ? { errno } : {}),
  };
}

export function entryNotFound(entryId: string): SessionStoreError {
  return {
    code: "ENTRY_NOT_FOUND",
    message: `No entry with id ${entryId} in this session. Use getTree() (/tree) to see the entry ids.`,
    entryId,
  };
}

/** Problems found while loading that were recovered from; reported, never thrown. */
export interface SessionWarning {
  kind:
    | "corrupt_line"
    | "torn_tail"
    | "orphan_entry"
    | "duplicate_id"
    | "missing_leaf_target"
    | "not_a_session";
  message: string;
  path?: string;
  /** 1-based line number in the file. */
  line?: number;
}

export type WarningListener = (warning: SessionWarning) => void;

/** A failed append (e.g. ENOSPC). The entry is kept in memory and retried on the next
 *  append; the runtime should show this to the user. */
export interface SessionWriteFailure {
  code: "WRITE_FAILED";
  message: string;
  path: string;
  errno?: string;
  /** Entries waiting to be written. */
  pendingEntries: number;
}
