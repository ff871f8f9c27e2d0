import path from "node:path";
import type { Skill } from "@gong/agent-core";
import { homeDir, resolveGongHome } from "@gong/base";
import {
  FileStamps,
  formatConfigIssue,
  settingsFilePaths,
  UnknownToolNames,
} from "@gong/config-files";
import { createModelRegistry, type ModelRegistry } from "@gong/llm";
import {
  type LoadedSettings,
  type LoadSettingsOptions,
  loadSettings,
  loadSkills,
  resolveSessionDir,
  type Settings,
} from "@gong/settings";
import { expandHome } from "@gong/tools";
import { refusedOutputDir, resolveOutputDir } from "@gong/truncate";
import { missingPromptFile } from "../agent/system-prompt.js";
import { effectiveChoice, type StoreLocation } from "./open-store.js";
import type { CodingSessionError, CodingSessionOptions, SessionChoice } from "./options.js";
import { SessionResources } from "./session-resources.js";
import { type SessionSandbox, sessionSandbox } from "./session-sandbox.js";
import { checkToolSelection } from "./tool-selection.js";

/** Everything a session is decided from before its file is opened. */
export interface SessionInputs {
  options: CodingSessionOptions;
  cwd: string;
  env: NodeJS.ProcessEnv;
  warn: (message: string) => void;
  /** How the settings files are read, again at each reload (trust is decided each time). */
  settingsQuery: LoadSettingsOptions;
  /** The settings files' stamps, taken before the first read. */
  settingsStamps: FileStamps;
  loaded: LoadedSettings;
  registry: ModelRegistry;
  resources: SessionResources;
  skills: Skill[];
  /** Tool names in agent, command and skill files Gong has not: one line per session. */
  unknownTools: UnknownToolNames;
  /**
   * Every path a tool result names must be readable by the next call: bash's log and
   * spilled results (the truncator's folder), a skill's resource files (packages/tools/test/bad-input.test.ts "item 5").
   */
  toolFolders: { outputDir: string; readOnlyRoots: string[] };
  /** bash's sandbox, probed (session-sandbox.ts). */
  sandbox: Extract<SessionSandbox, { ok: true }>;
  choice: SessionChoice;
  where: StoreLocation;
}

export type InputsResult =
  | { ok: true; value: SessionInputs }
  | { ok: false; error: CodingSessionError };

/**
 * Settings, model registry, resources, skills and the usage checks. A usage error comes
 * back before anything is written: a mistyped tool leaves no session file behind.
 */
export function resolveSessionInputs(options: CodingSessionOptions): InputsResult {
  const { env } = options;
  const cwd = path.resolve(options.cwd);
  const gongHome = options.gongHome ?? resolveGongHome(env);
  const warn = options.onWarning ?? (() => {});
  const allowPaths = resolveAllowPaths(options.allowPaths ?? [], cwd, env);
  if (!allowPaths.ok) return usageError("invalid_path", allowPaths.error);

  // Stamped before the first read: at each prompt a stat per settings file decides
  // whether they are read again (an edit landing during this read is still noticed).
  const settingsStamps = new FileStamps(settingsFilePaths({ cwd, gongHome, home: homeDir(env) }));
  const settingsQuery: LoadSettingsOptions = {
    cwd,
    gongHome,
    env,
    overrides: flagSettings(options, allowPaths.paths),
    projectTrusted: options.trust,
  };
  const loaded = loadSettings(settingsQuery);
  for (const warning of loaded.warnings) warn(warning);
  const settings = loaded.settings;

  const registry = createModelRegistry({
    gongHome,
    env,
    // The user's `--base-url` gets the provider's key, like `ANTHROPIC_BASE_URL` (issue 34.15).
    ...(options.baseUrl ? { userBaseUrl: options.baseUrl } : {}),
  });
  for (const error of registry.errors) warn(formatConfigIssue(error.path, error));

  const resources = new SessionResources(
    { cwd, gongHome, home: homeDir(env), importRoots: settings.allowedPaths ?? [] },
    warn,
  );
  // Flushed once the agent and command files are read too (create-session.ts): one line.
  const unknownTools = new UnknownToolNames(warn);
  const skills = loadSkills(resources.discover().skillDirs, warn, (names) =>
    unknownTools.add(names),
  );
  const outputDirWarning = refusedOutputDir(cwd, env);
  if (outputDirWarning) warn(outputDirWarning);
  const toolFolders = {
    outputDir: resolveOutputDir(cwd, env),
    readOnlyRoots: skills.flatMap((skill) => (skill.baseDir ? [skill.baseDir] : [])),
  };
  const toolError = checkToolSelection({
    names: options.tools ?? settings.tools,
    preset: options.preset ?? settings.preset,
  });
  if (toolError) return usageError("unknown_tool", toolError);
  const promptFileError = missingPromptFile(options, cwd);
  if (promptFileError) return usageError("prompt_file_not_found", promptFileError);
  const sandbox = sessionSandbox(settings, options.sandbox, env);
  if (!sandbox.ok) return usageError("sandbox_unavailable", sandbox.error);

  const sessionDir = resolveSessionDir(cwd, options.sessionDir, settings);
  const where = { cwd, gongHome, sessionDir, env, warn };
  const choice = effectiveChoice(options.session, where);
  const value = { options, cwd, env, warn, settingsQuery, settingsStamps, loaded, registry };
  return {
    ok: true,
    value: { ...value, resources, skills, unknownTools, toolFolders, sandbox, choice, where },
  };
}

function usageError(code: CodingSessionError["code"], message: string): InputsResult {
  return { ok: false, error: { code, message, usage: true } };
}

/** The flags that are settings too; they win over both settings files. */
function flagSettings(options: CodingSessionOptions, allowPaths: string[]): Settings {
  const overrides: Settings = { ...options.settings };
  if (allowPaths.length > 0) overrides.allowedPaths = allowPaths;
  if (options.outputLevel) overrides.outputLevel = options.outputLevel;
  return overrides;
}

/** `--allow-path` values as absolute paths; a quoted `~user/x` is expanded, never guessed. */
function resolveAllowPaths(
  inputs: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { ok: true; paths: string[] } | { ok: false; error: string } {
  const paths: string[] = [];
  for (const input of inputs) {
    const expanded = expandHome(input, { home: homeDir(env) });
    if (!expanded.ok) return { ok: false, error: `--allow-path ${input}: ${expanded.error}` };
    paths.push(path.resolve(cwd, expanded.path));
  }
  return { ok: true, paths };
}
