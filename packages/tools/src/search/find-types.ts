export interface FindRequest {
  pattern: string;
  /**
   * Real path (no symbolic links in it) of the folder to search, as the path policy
   * returns: it is pinned while searched (fs/pinned-dir.ts), and another path fails.
   */
  searchPath: string;
  projectRoot: string;
  limit: number;
  signal?: AbortSignal;
}

export type FindRun =
  | {
      ok: true;
      /** Relative to the search root, POSIX, folders with a trailing `/`; at most limit+1. */
      paths: string[];
      /** More than `limit` matched. */
      more: boolean;
    }
  | { ok: false; kind: "invalid_pattern" | "failed" | "aborted"; message: string };
