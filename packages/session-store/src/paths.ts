/**
 * Where session files live (ARCHITECTURE §6):
 * `<GONG_HOME or ~/.gong>/sessions/<encoded cwd>/<timestamp>_<id>.jsonl`.
 */
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";

export interface SessionLocationOptions {
  /** An explicit folder for this cwd's sessions (`--session-dir`); wins over everything. */
  sessionDir?: string;
  /** Overrides `GONG_HOME` / `~/.gong`. */
  gongHome?: string;
  /** Environment to read `GONG_HOME` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

export function resolveGongHome(options: SessionLocationOptions = {}): string {
  const fromEnv = (options.env ?? process.env).GONG_HOME;
  if (options.gongHome) return resolve(options.gongHome);
  if (fromEnv) return resolve(fromEnv);
  return join(homedir(), ".gong");
}

/** The folder holding every project's session folders. */
export function sessionsRoot(options: SessionLocationOptions = {}): string {
  return join(resolveGongHome(options), "sessions");
}

/**
 * A cwd as one folder name, readable at a glance: `/home/a/proj` → `--home-a-proj--`.
 * Separators and characters that are unsafe in file names become `-`.
 */
export function encodeCwd(cwd: string): string {
  const trimmed = resolve(cwd).replace(/^[/\\]+/, "");
  return `--${trimmed.replace(/[/\\:*?"<>|]/g, "-")}--`;
}

/** The folder for one cwd's sessions. */
export function sessionDirFor(cwd: string, options: SessionLocationOptions = {}): string {
  if (options.sessionDir) return resolve(options.sessionDir);
  return join(sessionsRoot(options), encodeCwd(cwd));
}

/** `2026-11-21T19-30-49-123Z_<id>.jsonl`: sorts by creation time, safe on every OS. */
export function sessionFileName(timestamp: string, id: string): string {
  return `${timestamp.replace(/[:.]/g, "-")}_${id}.jsonl`;
}

/** The session id encoded in a file name, or undefined for a foreign file. */
export function sessionIdFromFileName(path: string): string | undefined {
  const match = /_([^_]+)\.jsonl$/.exec(basename(path));
  return match?.[1];
}
