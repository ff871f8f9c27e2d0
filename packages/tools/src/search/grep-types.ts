/** What both grep engines (ripgrep and the Node fallback) produce. */
export interface GrepLine {
  /** Absolute path of the file. */
  file: string;
  line: number;
  /** The line without its line ending (not yet cut to 500 chars). */
  text: string;
  kind: "match" | "context";
  /** `text` is only the start of the line (ripgrep printed more than is kept). */
  headOnly?: true;
}

export interface GrepRequest {
  pattern: string;
  /**
   * Real path (no symbolic links in it) of the file or folder to search, as the path
   * policy returns: it is pinned while searched (fs/pinned-dir.ts).
   */
  searchPath: string;
  /** Project root: .gitignore files between it and searchPath also apply (Node engine). */
  projectRoot: string;
  glob?: string;
  ignoreCase: boolean;
  literal: boolean;
  context: number;
  limit: number;
  signal?: AbortSignal;
}

export type GrepRun =
  | { ok: true; lines: GrepLine[]; matchCount: number; limitReached: boolean; warnings: string[] }
  | { ok: false; kind: "invalid_pattern" | "failed" | "aborted"; message: string };
