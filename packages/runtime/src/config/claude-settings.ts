/**
 * Claude Code's settings files (`~/.claude/settings.json`, `.claude/settings.json`,
 * `.claude/settings.local.json`) read as gong settings: only the keys the two share are
 * taken — `permissions`, `hooks`, `env`, `mcpServers`, and `model` as gong's
 * `defaultModel`. Every other key is Claude Code's own (`statusLine`,
 * `enabledPlugins`, `includeCoAuthoredBy`, …), not a mistake, so it is left out without a
 * warning (apps/cli/test/claude-files.test.ts). What is taken is then validated and
 * trust-checked exactly like gong's own files (config/settings.ts).
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
   * `permissions.*` keys besides `allow` and `deny` (`ask`, `defaultMode`,
   * `additionalDirectories`): gong does not apply them yet, so they are left out with one
   * warning for the file rather than one per key.
   */
  unappliedPermissionKeys: string[];
}

/** The one warning for `unappliedPermissionKeys`. */
export function unappliedPermissionsWarning(file: string, keys: readonly string[]): string {
  return `${file}: ${keys.join(", ")} ${keys.length === 1 ? "is" : "are"} not applied by gong yet and ${keys.length === 1 ? "was" : "were"} ignored; the allow and deny rules apply`;
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
      const { allow, deny, ...rest } = out.permissions;
      unappliedPermissionKeys.push(...Object.keys(rest).map((key) => `permissions.${key}`));
      out.permissions = {
        ...(allow === undefined ? {} : { allow }),
        ...(deny === undefined ? {} : { deny }),
      };
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
