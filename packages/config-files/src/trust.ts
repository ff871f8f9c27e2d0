/**
 * Trusted folders (docs/architecture.md, "Trust and security"): a project's files that run code or widen access
 * load only in a folder the user trusts, so a cloned repository cannot run commands on
 * the first `gong -p` or open `/` to the tools. Trust lives in the user settings
 * (`$GONG_HOME/settings.json` `trustedFolders`), never in the project: a project cannot
 * vouch for itself. Every app (CLI, interactive mode, RPC) decides with this module.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import { homeDir, isPathWithin } from "@gong/base";
import { acceptAgentWrites } from "./agent-written.js";
import { readJsonConfigFile } from "./json-config.js";
import { globalSettingsPath } from "./paths.js";
import { editUserSettings } from "./user-settings-writer.js";

/**
 * Project settings keys that run code (hooks, the shell) or widen access (allowedPaths;
 * webFetch, which could switch web_fetch back on or lift the user's allowedDomains; sessionDir,
 * which would write transcripts wherever a cloned repository says; retry, which could
 * send many more requests on the user's provider account; checkpoints, which could take
 * away the user's /rewind before the model touches a file).
 */
export const TRUST_REQUIRED_KEYS = [
  "hooks",
  "shellPath",
  "shellCommandPrefix",
  "passApiKeys",
  "allowedPaths",
  "webFetch",
  "sessionDir",
  "retry",
  // A stdio server is a command run at session start.
  "mcpServers",
  // A language server is a command run when the agent touches a file of its language.
  "lsp",
  "checkpoints",
  // Variables such as PATH or LD_PRELOAD change what every command runs.
  "env",
] as const;

/** A project settings key skipped in an untrusted folder, and where it is. */
export interface UntrustedSetting {
  /** `hooks`, `permissions.allow`, `tools (bash, write)`. */
  key: string;
  /** The file as the user finds it from the project: `.gong/settings.local.json`. */
  file: string;
}

/**
 * True only when the user settings list `folder` or a folder containing it, compared by
 * real path (a symlink cannot smuggle a folder in). Fails closed: unreadable or invalid
 * user settings, or a folder whose real path cannot be found, mean "not trusted".
 */
export function isTrustedFolder(folder: string, gongHome: string): boolean {
  const real = realPath(folder);
  if (real === undefined) return false;
  return trustedFoldersOf(gongHome)?.some((entry) => isPathWithin(entry, real)) ?? false;
}

/**
 * Records `folder` (its real path) in the user settings' `trustedFolders`, keeping the
 * file's other keys and its comments; an atomic write, so a crash never leaves half a settings file.
 * Refuses when the file cannot be read as a JSON object: rewriting it would lose the
 * user's settings; and refuses `/`, the home folder and the folders above it unless
 * `options.broad` says the user meant it: their trust covers every project below.
 */
export async function trustFolder(
  folder: string,
  gongHome: string,
  options: TrustFolderOptions = {},
): Promise<TrustFolderResult> {
  const real = realPath(folder);
  if (real === undefined) return { ok: false, message: `cannot resolve ${folder} to trust it` };
  const broad = broadFolder(real, homeDir(options.env));
  if (broad && !options.broad) {
    return {
      ok: false,
      broad,
      message: `${real} is ${broad}: trusting it trusts every project below it; run gong --trust --yes to mean that, or run gong --trust in one project folder`,
    };
  }
  const written = await editUserSettings(
    gongHome,
    (settings, file) => {
      const listed = settings.trustedFolders;
      if (listed !== undefined && !isStringArray(listed)) {
        return { ok: false, message: `${file}: "trustedFolders" must be an array of strings` };
      }
      const folders = listed ?? [];
      return {
        ok: true,
        set: folders.includes(real) ? [] : [[["trustedFolders"], [...folders, real]]],
      };
    },
    "run gong --trust again",
  );
  if (!written.ok) return broad ? { ...written, broad } : written;
  // Trusting the folder as it is now accepts what the agent wrote there unasked
  // (agent-written.ts): the user has been told to review it first.
  let accepted: string[];
  try {
    accepted = [
      ...new Set([
        ...acceptAgentWrites(gongHome, path.resolve(folder)),
        ...acceptAgentWrites(gongHome, real),
      ]),
    ];
  } catch (error) {
    return {
      ok: false,
      message: `trusted ${real}, but cannot accept the configuration the agent wrote there (${(error as Error).message}); run gong --trust again`,
    };
  }
  return { ok: true, folder: real, file: written.file, accepted, ...(broad ? { broad } : {}) };
}

export interface TrustFolderOptions {
  /** Where `$HOME` is (default the process's). */
  env?: NodeJS.ProcessEnv;
  /** The user said yes to trusting `/`, their home folder or a folder above it. */
  broad?: boolean;
}

export type TrustFolderResult =
  | {
      ok: true;
      folder: string;
      file: string;
      /** Files the agent wrote unasked, accepted with this trust (agent-written.ts). */
      accepted: string[];
      broad?: string;
    }
  | { ok: false; message: string; broad?: string };

/**
 * How to name a folder whose trust would cover every project of the user — `/`, their
 * home folder, or a folder above it — or undefined for an ordinary project folder.
 */
export function broadFolder(real: string, home: string): string | undefined {
  if (real === path.parse(real).root) return "the root folder";
  const realHome = realPath(home) ?? path.resolve(home);
  if (real === realHome) return "your home folder";
  if (isPathWithin(real, realHome)) return "a folder above your home folder";
  return undefined;
}

/**
 * The one warning of an untrusted folder whose executable entries were skipped, or
 * undefined when nothing was skipped (an untrusted folder without them needs no trust).
 * Each key is named with the file it is in (`.gong/settings.local.json`).
 */
export function untrustedFolderWarning(
  skippedSettings: readonly UntrustedSetting[],
  skippedModules: number,
  skippedMcpJsonServers: readonly string[] = [],
): string | undefined {
  const parts: string[] = [];
  for (const [file, keys] of keysByFile(skippedSettings))
    parts.push(`${keys.join(", ")} from ${file}`);
  if (skippedModules > 0) {
    parts.push(`${skippedModules} hook module${skippedModules === 1 ? "" : "s"}`);
  }
  if (skippedMcpJsonServers.length > 0) {
    const names = skippedMcpJsonServers.join(", ");
    parts.push(
      `MCP server${skippedMcpJsonServers.length === 1 ? "" : "s"} ${names} from .mcp.json`,
    );
  }
  if (parts.length === 0) return undefined;
  return `this folder is not trusted: skipped ${parts.join(" and ")}; run gong --trust here to load them`;
}

/** The skipped keys grouped by their file, files in the order they were read. */
function keysByFile(skipped: readonly UntrustedSetting[]): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const { key, file } of skipped) byFile.set(file, [...(byFile.get(file) ?? []), key]);
  return byFile;
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
