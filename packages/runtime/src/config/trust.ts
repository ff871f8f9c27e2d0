/**
 * Trusted folders (ARCHITECTURE §7): a project's files that run code or widen access
 * load only in a folder the user trusts, so a cloned repository cannot run commands on
 * the first `gong -p` or open `/` to the tools. Trust lives in the user settings
 * (`$GONG_HOME/settings.json` `trustedFolders`), never in the project: a project cannot
 * vouch for itself. Every app (CLI, interactive mode, RPC) decides with this module.
 */
import { realpathSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { formatConfigIssue, readJsonConfigFile, setJsonConfigValue } from "@gong/llm";
import { writeFileAtomic } from "@gong/tools";
import { globalSettingsPath } from "./paths.js";

/**
 * Project settings keys that run code (hooks, the shell) or widen access (allowedPaths;
 * webFetch, which could switch web_fetch back on or lift the user's allowedDomains).
 */
export const TRUST_REQUIRED_KEYS = [
  "hooks",
  "shellPath",
  "shellCommandPrefix",
  "passApiKeys",
  "allowedPaths",
  "webFetch",
] as const;

/**
 * True only when the user settings list `folder` or a folder containing it, compared by
 * real path (a symlink cannot smuggle a folder in). Fails closed: unreadable or invalid
 * user settings, or a folder whose real path cannot be found, mean "not trusted".
 */
export function isTrustedFolder(folder: string, gongHome: string): boolean {
  const real = realPath(folder);
  if (real === undefined) return false;
  return trustedFoldersOf(gongHome)?.some((entry) => contains(entry, real)) ?? false;
}

/**
 * Records `folder` (its real path) in the user settings' `trustedFolders`, keeping the
 * file's other keys and its comments; an atomic write, so a crash never leaves half a settings file.
 * Refuses when the file cannot be read as a JSON object: rewriting it would lose the
 * user's settings.
 */
export async function trustFolder(
  folder: string,
  gongHome: string,
): Promise<{ ok: true; folder: string; file: string } | { ok: false; message: string }> {
  const file = globalSettingsPath(gongHome);
  const real = realPath(folder);
  if (real === undefined) return { ok: false, message: `cannot resolve ${folder} to trust it` };
  const read = readJsonConfigFile(file);
  if (!read.ok && !read.missing) {
    const message = `${read.message}; fix it, then run gong --trust again`;
    return { ok: false, message: formatConfigIssue(file, { ...read, message }) };
  }
  const current = read.ok ? read.value : {};
  if (typeof current !== "object" || current === null || Array.isArray(current)) {
    return { ok: false, message: `${file} must hold a JSON object ({...}); fix it first` };
  }
  const settings = current as Record<string, unknown>;
  const listed = settings.trustedFolders;
  if (listed !== undefined && !isStringArray(listed)) {
    return { ok: false, message: `${file}: "trustedFolders" must be an array of strings` };
  }
  const folders = listed ?? [];
  if (!folders.includes(real)) {
    await mkdir(gongHome, { recursive: true });
    const text = setJsonConfigValue(
      read.ok ? read.text : "",
      ["trustedFolders"],
      [...folders, real],
    );
    await writeFileAtomic(file, text.endsWith("\n") ? text : `${text}\n`);
  }
  return { ok: true, folder: real, file };
}

/**
 * The one warning of an untrusted folder whose executable entries were skipped, or
 * undefined when nothing was skipped (an untrusted folder without them needs no trust).
 */
export function untrustedFolderWarning(
  skippedKeys: readonly string[],
  skippedModules: number,
): string | undefined {
  const parts: string[] = [];
  if (skippedKeys.length > 0) parts.push(`${skippedKeys.join(", ")} from .gong/settings.json`);
  if (skippedModules > 0) {
    parts.push(`${skippedModules} hook module${skippedModules === 1 ? "" : "s"}`);
  }
  if (parts.length === 0) return undefined;
  return `this folder is not trusted: skipped ${parts.join(" and ")}; run gong --trust here to load them`;
}

/** The real paths of the absolute `trustedFolders` entries; undefined when undecidable. */
function trustedFoldersOf(gongHome: string): string[] | undefined {
  const read = readJsonConfigFile(globalSettingsPath(gongHome));
  if (!read.ok) return undefined;
  const listed = (read.value as { trustedFolders?: unknown } | null)?.trustedFolders;
  if (!isStringArray(listed)) return undefined;
  // A relative entry has no meaning (relative to what?) and a vanished folder trusts
  // nothing: both are skipped rather than guessed at.
  return listed.filter((entry) => path.isAbsolute(entry)).flatMap((e) => realPath(e) ?? []);
}

/** `inner` is `outer` or below it (not merely sharing a name prefix like `/a/bc`). */
function contains(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return (
    relative === "" ||
    (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

function realPath(folder: string): string | undefined {
  try {
    return realpathSync(path.resolve(folder));
  } catch {
    return undefined;
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
