/**
 * Writing the user settings (`$GONG_HOME/settings.json`) from gong itself: `--trust`
 * records a folder, `/model` and `/thinking` remember the choice for the next start.
 * One way for all of them: the file's other keys, comments and layout are kept, and the
 * write is atomic, so a crash never leaves half a settings file.
 */
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@gong/tools";
import { formatConfigIssue } from "./format-issue.js";
import { readJsonConfigFile, setJsonConfigValue } from "./json-config.js";
import { globalSettingsPath } from "./paths.js";
import type { ConfigPath } from "./validate-config.js";

/** What gong itself last wrote to each settings file (see `isOwnSettingsWrite`). */
const ownWrites = new Map<string, string>();

/**
 * True when `file` holds exactly what gong last wrote to it: a file watcher need not
 * announce gong's own write (`/model` remembering the choice) as the user's edit.
 */
export function isOwnSettingsWrite(file: string): boolean {
  const written = ownWrites.get(file);
  if (written === undefined) return false;
  try {
    return readFileSync(file, "utf8") === written;
  } catch {
    return false;
  }
}

/** The keys to set (nothing to write when empty), or why the file cannot be changed. */
export type UserSettingsEdit =
  | { ok: true; set: readonly (readonly [ConfigPath, unknown])[] }
  | { ok: false; message: string };

export type UserSettingsWrite = { ok: true; file: string } | { ok: false; message: string };

/**
 * Reads the user settings, asks `edit` what to set given their current value, and writes
 * the result. Refuses when the file cannot be read as a JSON object: rewriting it would
 * lose the user's settings. `fixHint` says what to do once the file is fixed.
 */
export function editUserSettings(
  gongHome: string,
  edit: (settings: Record<string, unknown>, file: string) => UserSettingsEdit,
  fixHint: string,
): Promise<UserSettingsWrite> {
  return editJsonConfigFile(globalSettingsPath(gongHome), edit, fixHint);
}

/**
 * `editUserSettings` for any JSON config file (a project's `.mcp.json`), same rules;
 * `options.mode` sets the file's permission bits (else an existing file keeps its own).
 */
export async function editJsonConfigFile(
  file: string,
  edit: (settings: Record<string, unknown>, file: string) => UserSettingsEdit,
  fixHint: string,
  options: { mode?: number } = {},
): Promise<UserSettingsWrite> {
  const read = readJsonConfigFile(file);
  if (!read.ok && !read.missing) {
    return {
      ok: false,
      message: formatConfigIssue(file, {
        ...read,
        message: `${read.message}; fix it, then ${fixHint}`,
      }),
    };
  }
  const current = read.ok ? read.value : {};
  if (typeof current !== "object" || current === null || Array.isArray(current)) {
    return { ok: false, message: `${file} must hold a JSON object ({...}); fix it first` };
  }
  const decided = edit(current as Record<string, unknown>, file);
  if (!decided.ok) return decided;
  if (decided.set.length === 0) return { ok: true, file };
  let text = read.ok ? read.text : "";
  for (const [path, value] of decided.set) text = setJsonConfigValue(text, path, value);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const content = text.endsWith("\n") ? text : `${text}\n`;
    await writeFileAtomic(file, content, options);
    ownWrites.set(file, content);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `cannot write ${file}: ${reason}` };
  }
  return { ok: true, file };
}
