export interface FindRequest {
  pattern: string;
  /** Absolute folder to search. */
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
