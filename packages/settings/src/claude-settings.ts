/**
 * Claude Code's settings files (`~/.claude/settings.json`, `.claude/settings.json`,
 * `.claude/settings.local.json`) read as gong settings: only the keys the two share are
 * taken — `permissions`, `hooks`, `env`, `mcpServers`, and `model` as gong's
 * `defaultModel`. Every other key is Claude Code's own (`statusLine`,
 * `enabledPlugins`, `includeCoAuthoredBy`, …), not a mistake, so it is left out without a
 * warning (apps/cli/test/claude-files.test.ts). What is taken is then validated and
 * trust-checked exactly like gong's own files (settings.ts).
 */
import { isRecord } from "@gong/base";
import type { ConfigPath } from "@gong/config-files";
import { ignoreUnknownEntryKeys } from "@gong/mcp";

/** Claude Code's key → gong's key. */
const SHARED_KEYS: Record<string, string> = {
  permissions: "permissions",
  hooks: "hooks",
  env: "env",
  mcpServers: "mcpServers",
  model: "defaultModel",
};

export interface ClaudeSettingsView {
  /** The shared keys under gong's names, for `validateConfig`. */
  value: Record<string, unknown>;
  /** Where a gong key sits in the Claude file (`defaultModel` → `model`), for positions. */
  sourcePath: (path: ConfigPath) => ConfigPath;
  /** `server.key` of `mcpServers` entry keys no entry shape knows, left out (as in `.mcp.json`). */
  ignoredServerKeys: string[];
  /**
   * `permissions.*` keys gong does not apply (`disableBypassPermissionsMode`, …): left
   * out with one warning for the file that names each and what gong does instead.
   */
  unappliedPermissionKeys: string[];
}

/** The `permissions` keys gong applies (@gong/policy permission-rules.ts). */
const APPLIED_PERMISSION_KEYS = ["allow", "ask", "deny", "defaultMode", "additionalDirectories"];

/** What gong does instead of a Claude Code permission key it has not. */
const INSTEAD: Record<string, string> = {
  "permissions.disableBypassPermissionsMode":
    "auto mode stays available; pick the session's mode with permissions.defaultMode or --permission-mode",
};

/** The one warning for `unappliedPermissionKeys`. */
export function unappliedPermissionsWarning(file: string, keys: readonly string[]): string {
  const each = keys.map(
    (key) =>
      `${key} (${INSTEAD[key] ?? "gong applies permissions.allow, ask, deny, defaultMode and additionalDirectories only"})`,
  );
  return `${file}: ${each.join("; ")}: ignored by gong, the rest of permissions applies`;
}

export function claudeSettingsView(value: unknown): ClaudeSettingsView {
  const out: Record<string, unknown> = {};
  const back = new Map<string, string>();
  let ignoredServerKeys: string[] = [];
  const unappliedPermissionKeys: string[] = [];
  if (isRecord(value)) {
    for (const [claudeKey, gongKey] of Object.entries(SHARED_KEYS)) {
      if (!(claudeKey in value)) continue;
      out[gongKey] = gongKey === "env" ? lenientEnv(value[claudeKey]) : value[claudeKey];
      back.set(gongKey, claudeKey);
    }
    if (isRecord(out.permissions)) {
      const permissions = out.permissions;
      const kept: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(permissions)) {
        if (APPLIED_PERMISSION_KEYS.includes(key)) kept[key] = value;
        else unappliedPermissionKeys.push(`permissions.${key}`);
      }
      out.permissions = kept;
    }
    if ("mcpServers" in out) {
      const cleaned = ignoreUnknownEntryKeys(out.mcpServers);
      out.mcpServers = cleaned.servers;
      ignoredServerKeys = cleaned.ignored;
    }
  }
  return {
    value: out,
    sourcePath: ([first, ...rest]) => [
      typeof first === "string" ? (back.get(first) ?? first) : (first ?? ""),
      ...rest,
    ],
    ignoredServerKeys,
    unappliedPermissionKeys,
  };
}

/**
 * Claude Code's `env` takes numbers and booleans as their text (`"DISABLE_TELEMETRY": 1`);
 * anything else stays as it is and is refused by the schema with its position.
 */
function lenientEnv(env: unknown): unknown {
  if (!isRecord(env)) return env;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(env)) {
    out[name] = typeof value === "number" || typeof value === "boolean" ? String(value) : value;
  }
  return out;
}
