/**
 * Where session files live (docs/architecture.md, "The session file"):
 * `<GONG_HOME or ~/.gong>/sessions/<encoded cwd>/<timestamp>_<id>.jsonl`.
 */
import { createHash } from "node:crypto";
import { basename, join, resolve } from "node:path";
import { resolveGongHome } from "@gong/base";

export interface SessionLocationOptions {
  /** An explicit folder for this cwd's sessions (`--session-dir`); wins over everything. */
  sessionDir?: string;
  /** Overrides `GONG_HOME` / `~/.gong`. */
  gongHome?: string;
  /** Environment to read `GONG_HOME` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The folder holding every project's session folders: `<gongHome>/sessions`, where
 * `gongHome` defaults to the one GONG_HOME rule (`resolveGongHome` of @gong/truncate).
 */
export function sessionsRoot(options: SessionLocationOptions = {}): string {
  const gongHome = options.gongHome
    ? resolve(options.gongHome)
    : resolveGongHome(options.env ?? process.env);
  return join(gongHome, "sessions");
}

/**
 * A cwd as one folder name, readable at a glance: `/home/a/proj` → `--home-a-proj--`.
 * Separators and characters that are unsafe in file names become `-`; when that loses
 * something (the path holds a `-` or an unsafe character, so `/X/a-b` and `/X/a/b` would
 * both be `--X-a-b--`), a hash of the exact path follows: `--X-a-b--3f9c0e1a2b7d`. So two
 * folders never share a name (test: "two projects whose names read alike keep apart"),
 * and a path without `-` keeps the name it had before the hash existed.
 */
export function encodeCwd(cwd: string): string {
  const exact = resolve(cwd);
  const readable = legacyEncodeCwd(exact);
  if (!/[-\\:*?"<>|]/.test(exact)) return readable;
  return `${readable}${createHash("sha256").update(exact).digest("hex").slice(0, 12)}`;
}

/**
 * The name gong gave a cwd's folder before `encodeCwd` added the hash: several projects
 * may share it, so what is found there is used only when its header names this cwd.
 */
export function legacyEncodeCwd(cwd: string): string {
  const trimmed = resolve(cwd).replace(/^[/\\]+/, "");
  return `--${trimmed.replace(/[/\\:*?"<>|]/g, "-")}--`;
}

/** The folder for one cwd's sessions. */
export function sessionDirFor(cwd: string, options: SessionLocationOptions = {}): string {
  if (options.sessionDir) return resolve(options.sessionDir);
  return join(sessionsRoot(options), encodeCwd(cwd));
}

/**
 * Every folder that may hold this cwd's sessions: the explicit one alone, else its own
 * folder and the one of the earlier naming (shared by look-alike paths: `cwdFilter` tells
 * whose sessions to keep).
 */
export function sessionDirsFor(
  cwd: string,
  options: SessionLocationOptions = {},
): { dirs: string[]; cwdFilter?: string } {
  if (options.sessionDir) return { dirs: [resolve(options.sessionDir)] };
  const root = sessionsRoot(options);
  const names = [...new Set([encodeCwd(cwd), legacyEncodeCwd(cwd)])];
  return { dirs: names.map((name) => join(root, name)), cwdFilter: resolve(cwd) };
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
