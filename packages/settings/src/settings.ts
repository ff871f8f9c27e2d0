import path from "node:path";
import { homeDir, isRecord, resolveGongHome } from "@gong/base";
import {
  type ConfigPath,
  type ConfigPosition,
  formatConfigIssue,
  hookFolders,
  isTrustedFolder,
  projectMcpJsonPath,
  readJsonConfigFile,
  refusedAgentWrites,
  type SettingsSource,
  settingsSources,
  TRUST_REQUIRED_KEYS,
  type UntrustedSetting,
  validateConfig,
} from "@gong/config-files";
import { ignoredEntryKeysNote } from "@gong/mcp";
import type { PermissionSettings } from "@gong/policy";
import { permissionRuleWarnings } from "@gong/policy";
import { expandHome } from "@gong/tools";
import { claudeSettingsView, unappliedPermissionsWarning } from "./claude-settings.js";
import { tightenProjectSandbox } from "./project-sandbox.js";
import { narrowProjectTools } from "./project-tools.js";
import { SettingsSchema } from "./settings-schema.js";
import type { HookMatcherSetting, Settings } from "./settings-types.js";

export interface LoadSettingsOptions {
  /** The project root whose `.gong/settings.json` applies (usually the cwd). */
  cwd: string;
  gongHome?: string;
  env?: NodeJS.ProcessEnv;
  /** Highest precedence: what the command-line flags say. */
  overrides?: Settings;
  /**
   * Whether the project file's trust-requiring keys load; default: the user settings'
   * `trustedFolders` decide (@gong/config-files trust.ts). An app that asked the user passes it.
   */
  projectTrusted?: boolean;
}

export interface LoadedSettings {
  settings: Settings;
  /** The files that were read (Claude Code's too), lowest precedence first. */
  files: string[];
  /** Problems that made a file or key be skipped, one actionable line each. */
  warnings: string[];
  projectTrusted: boolean;
  /** Keys of the project files skipped because the folder is not trusted. */
  untrustedKeys: string[];
  /** The same, each with the project file it is in (a key may be in both). */
  untrustedSettings: UntrustedSetting[];
  /**
   * Configuration not loaded because the agent's own tools wrote it unasked and it is
   * still as the agent left it (@gong/config-files agent-written.ts): settings files, `.mcp.json`,
   * hook folders. Each is named in `warnings`.
   */
  agentWritten: string[];
  /** Names of `mcpServers` entries a project settings file set (mcp-servers.ts). */
  projectMcpServers: string[];
  /**
   * `file:line:column` of each top-level key's value, in the file whose value applies
   * (absent for a flag), so a setting found wrong later can be pointed at.
   */
  origins: Record<string, string>;
}

/**
 * Loads the files of `settingsSources` (@gong/config-files settings-sources.ts): `~/.gong/settings.json`,
 * then `<project>/.gong/settings.json`, then the project's `settings.local.json` (one
 * person's, where gong saves permission rules), each after Claude Code's file of the same
 * scope (only the keys gong shares), then the flag overrides, each overriding the one before (objects merge key by key, other values
 * replace). Hooks and allowed paths add up instead, as in Claude Code: a project
 * cannot silently switch off the user's own hooks. Nothing in a file is fatal
 * (docs/architecture.md, "Configuration files"): a syntax error skips the file, a wrong key is dropped (the rest
 * applies), each with one warning naming the file, line and column. In a folder the user does not trust, the
 * project file's keys that run code or widen access are left out (@gong/config-files trust.ts), and
 * its tools may only narrow the user's (project-tools.ts).
 */
export function loadSettings(options: LoadSettingsOptions): LoadedSettings {
  const env = options.env ?? process.env;
  const gongHome = options.gongHome ?? resolveGongHome(env);
  const warnings: string[] = [];
  const files: string[] = [];
  const layers: Settings[] = [];
  const projectTrusted = options.projectTrusted ?? isTrustedFolder(options.cwd, gongHome);
  const untrustedSettings: UntrustedSetting[] = [];
  const projectMcpServers: string[] = [];
  let userLayer: Settings = {};
  const origins: Record<string, string> = {};
  /** Files whose permission rules could not be read: every call asks (fail closed). */
  const unreadable = new Set<string>();

  const sources = settingsSources({ cwd: options.cwd, gongHome, home: homeDir(env) });
  const agentWritten = agentWrittenConfig(options.cwd, gongHome, sources, warnings);

  for (const { file, base, project, claude } of sources) {
    if (agentWritten.includes(file)) continue;
    const read = readSettingsFile({ file, claude }, warnings, unreadable);
    if (read === undefined) continue;
    const { layer, locate } = read;
    files.push(file);
    warnings.push(...permissionRuleWarnings(layer.permissions, locate, file));
    if (project && !projectTrusted) {
      const relative = path.relative(options.cwd, file);
      for (const key of dropUntrusted(layer, userLayer)) {
        untrustedSettings.push({ key, file: relative });
      }
    }
    if (project) {
      const loosening = tightenProjectSandbox(userLayer, layer);
      if (loosening.length > 0) {
        warnings.push(
          `${file}: ${loosening.join(", ")} ignored: a project's sandbox settings may only tighten the user's`,
        );
      }
    }
    if (!project) userLayer = layer;
    else projectMcpServers.push(...Object.keys(layer.mcpServers ?? {}));
    layers.push(resolveRelativePaths(layer, { file, base, env, warnings }));
    for (const key of Object.keys(layer)) {
      const at = locate([key], "value");
      origins[key] = `${file}:${at.line}:${at.column}`;
    }
  }
  if (options.overrides) {
    layers.push(options.overrides);
    for (const key of Object.keys(options.overrides)) delete origins[key];
  }

  let settings: Settings = {};
  for (const layer of layers) settings = mergeSettings(settings, layer);
  if (unreadable.size > 0) {
    settings.permissions = { ...settings.permissions, unreadableFiles: [...unreadable] };
  }
  const untrustedKeys = [...new Set(untrustedSettings.map((skipped) => skipped.key))];
  return {
    settings,
    files,
    warnings,
    projectTrusted,
    untrustedKeys,
    untrustedSettings,
    agentWritten,
    projectMcpServers,
    origins,
  };
}

/**
 * One settings file validated, or undefined (missing, or not JSON: then one warning). A
 * Claude Code file gives only the keys gong shares (claude-settings.ts), its
 * positions still those of the file. A file that exists but cannot be read, or whose
 * deny/ask rules are dropped as a whole, goes into `unreadable`: its rules may be about
 * any call, so every call asks until it is fixed (security fails closed).
 */
function readSettingsFile(
  source: Pick<SettingsSource, "file" | "claude">,
  warnings: string[],
  unreadable: Set<string>,
): { layer: Settings; locate: Locate } | undefined {
  const { file } = source;
  const result = readJsonConfigFile(file);
  if (!result.ok) {
    if (!result.missing) {
      unreadable.add(file);
      const message = `${result.message}; the file was ignored, fix it to apply it; ${ASKS_UNTIL_FIXED}`;
      warnings.push(formatConfigIssue(file, { ...result, message }));
    }
    return undefined;
  }
  let value = result.value;
  let locate: Locate = result.locate;
  if (source.claude) {
    const view = claudeSettingsView(result.value);
    value = view.value;
    if (view.ignoredServerKeys.length > 0) {
      warnings.push(ignoredEntryKeysNote(file, view.ignoredServerKeys));
    }
    if (view.unappliedPermissionKeys.length > 0) {
      warnings.push(unappliedPermissionsWarning(file, view.unappliedPermissionKeys));
    }
    locate = (at, part) => result.locate(view.sourcePath(at), part);
  }
  const checked = validateConfig(SettingsSchema, value, locate);
  for (const issue of checked.issues) {
    const closes = dropsRules(issue.path) || checked.value === undefined;
    if (closes) unreadable.add(file);
    const message = closes ? `${issue.message}; ${ASKS_UNTIL_FIXED}` : issue.message;
    warnings.push(formatConfigIssue(file, { ...issue, message }));
  }
  if (checked.value === undefined) return undefined;
  return { layer: checked.value as Settings, locate };
}

const ASKS_UNTIL_FIXED = "until then every tool call asks (its permission rules cannot be read)";

/**
 * Whether dropping the value at `path` loses rules that take away: the whole
 * `permissions` object, its `deny` or `ask` list, or `confirmBash` (a single entry of a
 * list that is not a string is no rule, and dropping it loses nothing).
 */
function dropsRules(path: readonly (string | number)[]): boolean {
  const [key, list, ...rest] = path;
  if (key === "confirmBash") return rest.length === 0 && list === undefined;
  if (key !== "permissions") return false;
  return list === undefined || ((list === "deny" || list === "ask") && rest.length === 0);
}

/**
 * Takes out of an untrusted project's layer what runs code or widens access; returns
 * what it took (the keys, `permissions.allow`, the tools beyond the user's).
 */
function dropUntrusted(layer: Settings, userLayer: Settings): string[] {
  const dropped: string[] = [];
  for (const key of TRUST_REQUIRED_KEYS) {
    if (!(key in layer)) continue;
    delete layer[key];
    dropped.push(key);
  }
  // Deny and ask rules only take away, so they apply anywhere; allow rules, extra
  // folders and a mode that asks less widen access.
  for (const key of ["allow", "additionalDirectories", "defaultMode"] as const) {
    if (layer.permissions?.[key] === undefined) continue;
    delete layer.permissions[key];
    dropped.push(`permissions.${key}`);
  }
  const beyond = narrowProjectTools(userLayer, layer);
  if (beyond.length > 0) dropped.push(`tools (${beyond.join(", ")})`);
  return dropped;
}

/**
 * The files the agent wrote unasked and that are still as it left them: the settings
 * files, the project's `.mcp.json` and the hook folders (@gong/config-files agent-written.ts).
 */
type Locate = (at: ConfigPath, part: "key" | "value") => ConfigPosition;

function agentWrittenConfig(
  cwd: string,
  gongHome: string,
  sources: readonly { file: string }[],
  warnings: string[],
): string[] {
  const refused = refusedAgentWrites(
    gongHome,
    [
      ...sources.map((source) => source.file),
      projectMcpJsonPath(cwd),
      ...Object.values(hookFolders({ cwd, gongHome })),
    ],
    path.resolve(cwd),
  );
  for (const { warning } of refused) warnings.push(warning);
  return refused.map((entry) => entry.file);
}

/**
 * `b` over `a`: nested objects merge, arrays and scalars replace; hooks, allowedPaths and
 * confirmBash add up (a project cannot drop the user's confirmations).
 */
export function mergeSettings(a: Settings, b: Settings): Settings {
  const merged = deepMerge(a as Record<string, unknown>, b as Record<string, unknown>) as Settings;
  if (a.allowedPaths || b.allowedPaths) {
    merged.allowedPaths = [...new Set([...(a.allowedPaths ?? []), ...(b.allowedPaths ?? [])])];
  }
  if (a.confirmBash || b.confirmBash) {
    merged.confirmBash = [...new Set([...(a.confirmBash ?? []), ...(b.confirmBash ?? [])])];
  }
  // A server entry is one thing (a command or a URL): the later file's entry replaces
  // the earlier one of the same name instead of being mixed into it.
  if (a.permissions || b.permissions) merged.permissions = mergePermissions(a, b);
  if (a.mcpServers || b.mcpServers) merged.mcpServers = { ...a.mcpServers, ...b.mcpServers };
  if (a.hooks || b.hooks) {
    const hooks: Record<string, HookMatcherSetting[]> = {};
    for (const source of [a.hooks, b.hooks]) {
      for (const [event, matchers] of Object.entries(source ?? {})) {
        hooks[event] = [...(hooks[event] ?? []), ...(Array.isArray(matchers) ? matchers : [])];
      }
    }
    merged.hooks = hooks;
  }
  return merged;
}

/** Every file's rules add up, like confirmBash; the later file's defaultMode wins. */
function mergePermissions(a: Settings, b: Settings): PermissionSettings {
  const merged: PermissionSettings = {};
  const defaultMode = b.permissions?.defaultMode ?? a.permissions?.defaultMode;
  if (defaultMode !== undefined) merged.defaultMode = defaultMode;
  for (const list of ["allow", "ask", "deny", "additionalDirectories"] as const) {
    const rules = [...(a.permissions?.[list] ?? []), ...(b.permissions?.[list] ?? [])];
    if (rules.length > 0) merged[list] = [...new Set(rules)];
  }
  return merged;
}

function deepMerge(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (value === undefined) continue;
    const previous = out[key];
    out[key] = isRecord(previous) && isRecord(value) ? deepMerge(previous, value) : value;
  }
  return out;
}

/**
 * Claude Code's `permissions.additionalDirectories` are allowed paths: the path policy's
 * roots (relative to the file's project, like `allowedPaths`).
 */
function withAdditionalDirectories(settings: Settings): Settings {
  const extra = settings.permissions?.additionalDirectories;
  if (!extra || extra.length === 0) return { ...settings };
  return { ...settings, allowedPaths: [...(settings.allowedPaths ?? []), ...extra] };
}

/**
 * allowedPaths and sessionDir in a file are relative to that file's project (or home);
 * `~` is expanded with $HOME. An entry with a `~user` that cannot be found is dropped
 * with a warning: access is never granted to a guessed folder.
 */
function resolveRelativePaths(
  settings: Settings,
  where: { file: string; base: string; env: NodeJS.ProcessEnv; warnings: string[] },
): Settings {
  const out = withAdditionalDirectories(settings);
  const resolve = (key: string, value: string) => {
    const expanded = expandHome(value, { home: homeDir(where.env) });
    if (expanded.ok) return path.resolve(where.base, expanded.path);
    where.warnings.push(`${where.file}: ${key} entry "${value}" was ignored: ${expanded.error}`);
    return undefined;
  };
  if (out.allowedPaths) {
    out.allowedPaths = out.allowedPaths.flatMap((p) => resolve("allowedPaths", p) ?? []);
  }
  if (out.sandbox?.writableRoots) {
    const writableRoots = out.sandbox.writableRoots.flatMap(
      (p) => resolve("sandbox.writableRoots", p) ?? [],
    );
    out.sandbox = { ...out.sandbox, writableRoots };
  }
  if (out.sessionDir) {
    const sessionDir = resolve("sessionDir", out.sessionDir);
    if (sessionDir) out.sessionDir = sessionDir;
    else delete out.sessionDir;
  }
  return out;
}
