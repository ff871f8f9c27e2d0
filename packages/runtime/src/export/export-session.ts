import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { homeDir } from "@gong/base";
import { readDenyRules } from "@gong/policy";
import type { ExportDocument } from "@gong/render";
import { SessionStore } from "@gong/session-store";
import { configuredSessionDir, loadSettings } from "@gong/settings";
import { hiddenPathsMatcher } from "@gong/tools";
import { withoutHiddenFiles } from "./hidden-files.js";
import { sessionDocument } from "./subagent-transcripts.js";

export interface ExportSessionOptions {
  /** A session id prefix or a session file. */
  ref: string;
  /** Output file (default `gong-session-<id>.html` in the cwd). */
  out?: string;
  cwd: string;
  gongHome: string;
  /** `--session-dir`; without it the settings' `sessionDir` applies. */
  sessionDir?: string;
  env?: NodeJS.ProcessEnv;
}

/** How an exported page is written. */
export interface ExportWriteOptions {
  /** Replace a file already at the path; without it such a file is kept and the export fails. */
  overwrite?: boolean;
  /** Create missing folders of the path (default true; gong-rpc writes only into existing ones). */
  createFolders?: boolean;
}

/**
 * `exists`: a file is already at `path` and `overwrite` was not given — nothing was
 * written (the caller may ask and try again with `overwrite`).
 */
export type ExportSessionResult =
  | { ok: true; path: string }
  | { ok: false; error: string; path?: string; exists?: boolean };

/**
 * Writes the current branch of a session as one self-contained HTML file. The session
 * is opened read-only, so exporting a session that is open in another gong is fine.
 */
export async function exportSessionHtml(
  options: ExportSessionOptions,
): Promise<ExportSessionResult> {
  const sessionDir = configuredSessionDir({ ...options, flag: options.sessionDir });
  const opened = SessionStore.open(options.ref, {
    readOnly: true,
    cwd: options.cwd,
    gongHome: options.gongHome,
    ...(sessionDir ? { sessionDir } : {}),
  });
  if (!opened.ok) return { ok: false, error: opened.error.message };
  const store = opened.value;
  try {
    const doc = sessionDocument(store.header, store.getBranch());
    // Loaded here, not with this module: a session's start reaches this file (for
    // writeSessionHtml) and must not pay for the Markdown renderer.
    const { renderSessionHtml } = await import("@gong/render");
    const html = renderSessionHtml(hideForSettings(doc, options));
    return writeSessionHtml(html, { out: options.out, cwd: options.cwd, sessionId: store.id });
  } finally {
    store.close();
  }
}

/**
 * Writes an exported page: to `out` (relative to the cwd), else `gong-session-<id>.html`
 * in the cwd — one naming rule for `--export`, `/export` and RPC `export_html`. An
 * existing file is never replaced silently: without `overwrite` the write fails with
 * `exists` (an exclusive create, so a file appearing meanwhile is kept too).
 */
export function writeSessionHtml(
  html: string,
  where: { out: string | undefined; cwd: string; sessionId: string } & ExportWriteOptions,
): ExportSessionResult {
  const out = path.resolve(where.cwd, where.out ?? `gong-session-${where.sessionId}.html`);
  try {
    if (where.createFolders !== false) mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, html, { flag: where.overwrite ? "w" : "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      return {
        ok: false,
        exists: true,
        path: out,
        error: `${out} already exists; remove it or pick another output path.`,
      };
    }
    return {
      ok: false,
      error: `cannot write ${out}: ${(error as Error).message}. Pick another output path.`,
    };
  }
  return { ok: true, path: out };
}

/**
 * What the `Read(…)` deny rules of the settings in the cwd hide, judged from the
 * session's own folder (export/hidden-files.ts).
 */
function hideForSettings(doc: ExportDocument, options: ExportSessionOptions): ExportDocument {
  const { settings } = loadSettings({
    cwd: options.cwd,
    gongHome: options.gongHome,
    env: options.env,
  });
  const home = homeDir(options.env ?? process.env);
  const hidden = hiddenPathsMatcher(readDenyRules(settings.permissions), { cwd: doc.cwd, home });
  return withoutHiddenFiles(doc, hidden, home);
}
