/**
 * `gong -r <id|name>` of a session started in another folder (found there by its id or
 * its `/rename` name, or picked from `gong -r --all`): it runs in its own folder, where
 * its files, project settings and trust are, never against the folder gong was started
 * in. gong says so on stderr; a folder that is gone is an error that says what to do.
 * A rewind is the exception: it writes files, so it never follows a session into a folder
 * the user is not in (test/look-alike-projects.test.ts). Pinned by
 * test/interactive/pty-session-names.test.ts.
 */

import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { resolveGongHome } from "@gong/base";
import { findSavedSession } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";

export type SessionFolder = { ok: true; io: CliIo } | { ok: false; code: number };

export function enterSessionFolder(args: CliArgs, io: CliIo): SessionFolder {
  if (typeof args.resume !== "string") return { ok: true, io };
  const found = findSavedSession(args.resume, {
    cwd: io.cwd,
    gongHome: resolveGongHome(io.env),
    sessionDir: args.sessionDir,
    env: io.env,
  });
  // Not found or ambiguous: opening the session says so, as it always did.
  if (!found.ok || !found.value.cwd) return { ok: true, io };
  const { cwd, id, name } = found.value;
  if (samePath(cwd, io.cwd)) return { ok: true, io };
  const named = `session ${id.slice(0, 8)}${name ? ` (${name})` : ""}`;
  if (args.rewind !== undefined) {
    io.stderr(
      `gong: ${named} belongs to ${cwd}, not to this folder; a rewind changes that project's files, so run it there: cd ${JSON.stringify(cwd)} && gong --rewind … -r ${id.slice(0, 8)}\n`,
    );
    return { ok: false, code: 1 };
  }
  if (!existsSync(cwd)) {
    io.stderr(
      `gong: ${named} was started in ${cwd}, which does not exist any more; recreate that folder (mkdir -p ${JSON.stringify(cwd)}) to resume it there, or read it with gong --export ${id.slice(0, 8)}.\n`,
    );
    return { ok: false, code: 1 };
  }
  process.chdir(cwd);
  io.stderr(`gong: ${named} belongs to ${cwd}; running it there.\n`);
  return { ok: true, io: { ...io, cwd } };
}

function samePath(a: string, b: string): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(a) === real(b);
}
