/**
 * `--session <file|id>` / `--resume <id>`: a path, or a prefix of a session id looked up
 * first among this cwd's sessions, then among all of them.
 */
import { existsSync, readdirSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fail, ok, type Result } from "./errors.js";
import {
  type SessionLocationOptions,
  sessionDirsFor,
  sessionIdFromFileName,
  sessionsRoot,
} from "./paths.js";

export interface FindSessionOptions extends SessionLocationOptions {
  /** Sessions of this project are searched first, and relative paths resolve here. */
  cwd?: string;
}

/** A session reference that names a file (`x.jsonl`, `dir/x`) rather than an id prefix. */
export const looksLikePath = (query: string) =>
  query.endsWith(".jsonl") || query.includes("/") || query.includes("\\") || isAbsolute(query);

function listJsonl(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".jsonl"))
      .map((name) => join(dir, name));
  } catch {
    return []; // a missing folder simply has no sessions
  }
}

/** Every session folder under the sessions root (plus an explicit session dir). */
export function allSessionDirs(options: SessionLocationOptions = {}): string[] {
  const root = sessionsRoot(options);
  const dirs: string[] = [];
  try {
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (entry.isDirectory()) dirs.push(join(root, entry.name));
    }
  } catch {
    // No sessions yet.
  }
  if (options.sessionDir) {
    const explicit = resolve(options.sessionDir);
    if (!dirs.includes(explicit)) dirs.push(explicit);
  }
  return dirs;
}

function matchPrefix(files: string[], prefix: string): string[] {
  const exact = files.filter((file) => sessionIdFromFileName(file) === prefix);
  if (exact.length > 0) return exact;
  return files.filter((file) => sessionIdFromFileName(file)?.startsWith(prefix));
}

export function resolveSessionPath(
  query: string,
  options: FindSessionOptions = {},
): Result<string> {
  const base = options.cwd ?? process.cwd();
  if (looksLikePath(query)) {
    const path = resolve(base, query);
    if (existsSync(path)) return ok(path);
    return fail({
      code: "SESSION_NOT_FOUND",
      message: `No session file at ${path}. Check the path, or list sessions with --resume.`,
      query,
    });
  }
  const scopes: string[][] = [];
  if (options.cwd || options.sessionDir) {
    scopes.push(sessionDirsFor(base, options).dirs.flatMap(listJsonl));
  }
  scopes.push(allSessionDirs(options).flatMap(listJsonl));
  for (const files of scopes) {
    const matches = [...new Set(matchPrefix(files, query))];
    if (matches.length === 1) return ok(matches[0]!);
    if (matches.length > 1) {
      return fail({
        code: "AMBIGUOUS_SESSION_ID",
        message: `${matches.length} sessions start with "${query}". Give more characters of the id: ${matches
          .slice(0, 5)
          .map((file) => sessionIdFromFileName(file))
          .join(", ")}${matches.length > 5 ? ", …" : ""}.`,
        query,
        matches,
      });
    }
  }
  return fail({
    code: "SESSION_NOT_FOUND",
    message: `No session id starts with "${query}". List sessions with --resume, or start a new one.`,
    query,
  });
}
