/**
 * The settings.json shape (`~/.gong/settings.json` < `<project>/.gong/settings.json` <
 * flags). Every key is optional. A file is checked against `SettingsSchema`
 * (settings-schema.ts): an unknown or wrong key is dropped with a warning.
 */
import type { CompactionSettings } from "@gong/agent-core";
import type { ThinkingLevel } from "@gong/llm";
import type { LanguageServerSetting } from "@gong/lsp";
import type { McpServerEntry } from "@gong/mcp";
import type { PermissionSettings } from "@gong/policy";
import type { OutputLevel, SandboxMode, ToolPreset } from "@gong/tools";

export type ThinkingSetting = ThinkingLevel;
export type OutputLevelSetting = OutputLevel;
export type ToolPresetName = ToolPreset;

/** One Claude Code command hook: `{ "type": "command", "command": "...", "timeout": 60 }`. */
export interface CommandHookSetting {
  type: "command";
  command: string;
  /** Seconds. */
  timeout?: number;
}

/** `{ "matcher": "Bash|Edit", "hooks": [ ... ] }` as Claude Code writes it. */
export interface HookMatcherSetting {
  matcher?: string;
  hooks: CommandHookSetting[];
}

export interface RetrySettings {
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** What settings.json `compaction` may change of agent-core's `CompactionSettings`. */
export type CompactionOverrides = Partial<
  Pick<CompactionSettings, "reserveTokens" | "keepRecentTokens">
>;

/** web_fetch: `{ "enabled": false }` takes it away; `allowedDomains` limits where it goes. */
export interface WebFetchSettings {
  enabled?: boolean;
  /** `example.com` allows it and its subdomains; other hosts are ACCESS_DENIED. */
  allowedDomains?: string[];
}

/**
 * bash under bubblewrap (Linux): `mode` default `off`; `network` default false (a
 * command sees only its own loopback); `writableRoots` are writable for bash besides the
 * project, the allowed paths and the tool-output folder (user settings only: a project's
 * list is ignored, and its mode and network may only tighten the user's).
 */
export interface SandboxSettings {
  mode?: SandboxMode;
  network?: boolean;
  writableRoots?: string[];
}

/** How the interactive terminal calls the user back (a run ended, a question waits). */
export const NOTIFICATION_SETTINGS = ["auto", "osc9", "bell", "off"] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];

export interface Settings {
  /** Provider used when neither `--provider` nor `provider/model` says. */
  defaultProvider?: string;
  defaultModel?: string;
  defaultThinkingLevel?: ThinkingSetting;
  /** Tool preset, overridden by `--preset` / `--tools`. */
  preset?: ToolPresetName;
  tools?: string[];
  /** Extra roots the tools may touch besides the project (relative to the file's project). */
  allowedPaths?: string[];
  outputLevel?: OutputLevelSetting;
  /** Per-tool output level, e.g. `{ "bash": "brief" }`. */
  toolOutputLevels?: Record<string, OutputLevelSetting>;
  autoCompaction?: boolean;
  compaction?: CompactionOverrides;
  retry?: RetrySettings;
  streamIdleTimeoutMs?: number;
  /** A run's limits (session/run-limits.ts); `--max-turns` / `--max-budget-usd` win. */
  limits?: { maxTurns?: number; maxBudgetUsd?: number };
  /** Read-only tool calls of one turn may run in parallel. */
  parallelReadOnlyTools?: boolean;
  /** Snapshots for `/rewind` (default true); false takes none, read when a session opens. */
  checkpoints?: boolean;
  shellPath?: string;
  shellCommandPrefix?: string;
  /** bash's background shells running at once (default 8). */
  maxBackgroundShells?: number;
  /**
   * Provider API key variables (`OPENAI_API_KEY`) that bash and command hooks may see;
   * every other key gong knows of is left out of their environment.
   */
  passApiKeys?: string[];
  webFetch?: WebFetchSettings;
  /** The task tool: task calls of one message running at once (default 4), turns per subagent (default 50). */
  subagents?: { maxParallel?: number; maxTurns?: number };
  /** Where session files go (default `<GONG_HOME>/sessions`). */
  sessionDir?: string;
  /**
   * Absolute folders whose project files may run code or widen access (and every folder
   * below them). Read from the user settings only: a project cannot trust itself.
   */
  trustedFolders?: string[];
  /**
   * Bash commands that need the user's yes: regexes matched anywhere in the command,
   * case-sensitive (`"\\brm\\s+-rf\\b"`). The user's and the project's lists add up, so a
   * project can add confirmations but never remove the user's.
   */
  confirmBash?: string[];
  /**
   * Claude Code's permission rules (`Bash(npm test:*)`, `Edit(src/**)`, `mcp__server`):
   * `deny` refuses without asking and beats `allow`; `allow` runs a call that would ask
   * without the question. Every file's lists add up; a project's `allow` loads only in a
   * trusted folder (@gong/policy session-permissions.ts).
   */
  permissions?: PermissionSettings;
  /** Claude Code command hooks by event name (PreToolUse, PostToolUse, ...). */
  hooks?: Record<string, HookMatcherSetting[]>;
  /**
   * MCP servers by name (Claude Code's entry shape). A stdio server is code: a project's
   * entries start only in a trusted folder. The project's entry replaces the user's of
   * the same name as a whole (mcp-servers.ts).
   */
  mcpServers?: Record<string, McpServerEntry>;
  /**
   * Language servers by name, over the built-in `typescript`, `python`, `go` and `rust`
   * entries (@gong/lsp). A server is code: a project's entries apply only in a trusted folder.
   */
  lsp?: Record<string, LanguageServerSetting>;
  /** How long an edit's result waits for the language server's diagnostics (ms, default 3000). */
  lspDiagnosticsWaitMs?: number;
  /**
   * Environment variables for bash, command hooks and the processes they start (Claude
   * Code's `env`). A project's `env` loads only in a trusted folder.
   */
  env?: Record<string, string>;
  sandbox?: SandboxSettings;
  /**
   * When a run ends or a question waits while the terminal is not focused (default
   * `auto`: a desktop notification, OSC 9, where the terminal shows one, else the bell).
   */
  notifications?: NotificationSetting;
}
