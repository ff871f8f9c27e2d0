/**
 * The flags `gong` and `gong-rpc` both take (test/session-flags.test.ts), defined once: their
 * names, the values each accepts, the combinations that cannot mean anything, and what
 * they say about the session to open. Imports nothing at run time, so the apps' entries
 * read it through `@gong/protocol/session-flags` and `--version` / `--help` never load
 * the runtime (its imports of `@gong/runtime` are types only).
 */

import type { McpScope } from "@gong/mcp";
import {
  PERMISSION_MODE_NAMES,
  type PermissionMode,
  parsePermissionMode,
} from "@gong/policy/permission-mode";
import type { CodingSessionOptions, SessionChoice } from "@gong/runtime";

// Copies of llm's THINKING_LEVELS and tools' TOOL_PRESETS / OUTPUT_LEVELS: importing
// them would load those packages with the apps' entries (--version 55 → 250 ms).
// test/session-flags.test.ts pins each list to its source.
export const THINKING = ["off", "minimal", "low", "medium", "high"] as const;
export const PRESETS = ["default", "minimal", "readonly"] as const;
export const OUTPUT_LEVELS = ["brief", "standard", "full"] as const;
/** tools' SANDBOX_MODES (pinned the same way). */
export const SANDBOX = ["off", "read-only", "workspace-write"] as const;
/** @gong/mcp's McpScope: where `gong mcp add|remove --scope` writes (pinned the same way). */
export const MCP_SCOPES = ["user", "project"] as const satisfies readonly McpScope[];
export type { McpScope };

export type ThinkingFlag = (typeof THINKING)[number];
export type PresetFlag = (typeof PRESETS)[number];
export type OutputLevelFlag = (typeof OUTPUT_LEVELS)[number];
export type SandboxFlag = (typeof SANDBOX)[number];

/** The flags that choose the session file, as given. */
export interface SessionFlags {
  noSession?: boolean;
  continue?: boolean;
  /** `-r <id>`; `-r` alone lists sessions and never reaches here. */
  resume?: string | boolean;
  session?: string;
}

/** Every flag both apps take, as parsed. */
export interface SessionOpeningFlags extends SessionFlags {
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  thinking?: ThinkingFlag;
  tools?: string[];
  preset?: PresetFlag;
  sessionDir?: string;
  allowPaths?: string[];
  /** `--mcp-config <file>` (repeatable): MCP servers for this run only. */
  mcpConfig?: string[];
  trust?: boolean;
  /** `--sandbox <mode>`: wins over settings `sandbox.mode`. */
  sandbox?: SandboxFlag;
  /** `--permission-mode <mode>` (policy/permission-mode.ts; Claude Code's names too). */
  permissionMode?: PermissionMode;
}

/** Stores a flag's value, or says why it cannot be used (the usage error). */
export type FlagSetter<T> = (flags: T, value: string, flag: string) => string | undefined;

/** A flag that takes no value: the field it sets. */
export interface FlagSwitch<F extends string> {
  short?: string;
  field: F;
}

/** The switches both apps take. */
export const SESSION_SWITCHES: Record<string, FlagSwitch<"continue" | "noSession" | "trust">> = {
  continue: { short: "c", field: "continue" },
  "no-session": { field: "noSession" },
  trust: { field: "trust" },
};

/** The flags with a value both apps take. */
export const SESSION_VALUE_FLAGS: Record<string, FlagSetter<SessionOpeningFlags>> = {
  provider: textFlag((flags, value) => {
    flags.provider = value;
  }),
  model: textFlag((flags, value) => {
    flags.model = value;
  }),
  "api-key": textFlag((flags, value) => {
    flags.apiKey = value;
  }),
  "base-url": (flags, value, flag) => {
    if (!/^https?:\/\//i.test(value))
      return `${flag} must start with http:// or https:// (got "${value}")`;
    flags.baseUrl = value;
    return undefined;
  },
  thinking: choiceFlag(THINKING, (flags, value) => {
    flags.thinking = value;
  }),
  tools: (flags, value) => {
    flags.tools = value
      .split(",")
      .map((tool) => tool.trim())
      .filter((tool) => tool.length > 0);
    return undefined;
  },
  preset: choiceFlag(PRESETS, (flags, value) => {
    flags.preset = value;
  }),
  session: textFlag((flags, value) => {
    flags.session = value;
  }),
  "session-dir": textFlag((flags, value) => {
    flags.sessionDir = value;
  }),
  "allow-path": (flags, value, flag) => {
    if (value === "") return `${flag} needs a directory`;
    flags.allowPaths = [...(flags.allowPaths ?? []), value];
    return undefined;
  },
  "permission-mode": (flags, value, flag) => {
    const mode = parsePermissionMode(value);
    if (!mode) return `${flag} must be one of ${PERMISSION_MODE_NAMES.join(", ")} (got "${value}")`;
    flags.permissionMode = mode;
    return undefined;
  },
  "mcp-config": (flags, value, flag) => {
    if (value === "") return `${flag} needs a file`;
    flags.mcpConfig = [...(flags.mcpConfig ?? []), value];
    return undefined;
  },
  sandbox: choiceFlag(SANDBOX, (flags, value) => {
    flags.sandbox = value;
  }),
};

/** The shared flags before any is given. */
export function defaultSessionFlags(): Required<
  Pick<SessionOpeningFlags, "continue" | "noSession" | "allowPaths" | "mcpConfig" | "trust">
> {
  return { continue: false, noSession: false, allowPaths: [], mcpConfig: [], trust: false };
}

/** Session flags that cannot be combined: the usage error, if any. */
export function sessionFlagsConflict(flags: SessionFlags): string | undefined {
  const sources = [
    flags.continue && "-c/--continue",
    flags.resume !== undefined && "-r/--resume",
    flags.session !== undefined && "--session",
  ].filter(Boolean);
  if (sources.length > 1) return `${sources.join(" and ")} cannot be combined: pick one session`;
  if (flags.noSession && sources.length > 0)
    return `--no-session cannot be combined with ${sources[0]}`;
  return undefined;
}

/** A flag whose value must not be empty. */
export function textFlag<T>(set: (flags: T, value: string) => void): FlagSetter<T> {
  return (flags, value, flag) => {
    if (value === "") return `${flag} needs a non-empty value`;
    set(flags, value);
    return undefined;
  };
}

/** A flag whose value is one of `choices`. */
export function choiceFlag<T, C extends string>(
  choices: readonly C[],
  set: (flags: T, value: C) => void,
): FlagSetter<T> {
  return (flags, value, flag) => {
    if (!(choices as readonly string[]).includes(value)) {
      return `${flag} must be one of ${choices.join(", ")} (got "${value}")`;
    }
    set(flags, value as C);
    return undefined;
  };
}

/**
 * What the session flags mean, in both apps: `--no-session`, then `-c`, then `-r <id>`,
 * then `--session <file|id>` (a path to no file starts a new session there).
 */
export function sessionChoiceFromFlags(flags: SessionFlags): SessionChoice {
  if (flags.noSession) return { kind: "none" };
  if (flags.continue) return { kind: "continue" };
  if (typeof flags.resume === "string") return { kind: "open", ref: flags.resume };
  if (flags.session !== undefined)
    return { kind: "open", ref: flags.session, createIfMissing: true };
  return { kind: "new" };
}

/**
 * What the flags both apps share say about the session to open, in both apps; `--trust`
 * means trusted for this run (the CLI records it in the user settings first).
 */
export function sessionOptionsFromFlags(
  flags: SessionOpeningFlags,
  cwd: string,
  env: NodeJS.ProcessEnv,
): CodingSessionOptions {
  return {
    cwd,
    env,
    provider: flags.provider,
    model: flags.model,
    apiKey: flags.apiKey,
    baseUrl: flags.baseUrl,
    thinking: flags.thinking,
    tools: flags.tools,
    preset: flags.preset,
    allowPaths: flags.allowPaths,
    sessionDir: flags.sessionDir,
    ...(flags.mcpConfig?.length ? { mcpConfig: flags.mcpConfig } : {}),
    session: sessionChoiceFromFlags(flags),
    ...(flags.trust ? { trust: true } : {}),
    ...(flags.sandbox ? { sandbox: flags.sandbox } : {}),
    ...(flags.permissionMode ? { permissionMode: flags.permissionMode } : {}),
  };
}
