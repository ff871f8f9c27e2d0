import type { Agent } from "@gong/agent-core";
import type { FileStamps } from "@gong/config-files";
import type { CommandHooks, CommandHooksConfig } from "@gong/hooks";
import type { ConfigWriteGuard, SessionPermissions } from "@gong/policy";
import type { Settings } from "@gong/settings";
import { type LoadedSettings, type LoadSettingsOptions, loadSettings } from "@gong/settings";
import { agentSettings } from "../agent/build-agent.js";
import type { SessionHookModules } from "./session-hook-modules.js";
import { modelTools, type SessionToolKit } from "./session-tools.js";

export interface SettingsReloaderParts {
  agent: Agent;
  /** The settings the agent was built with. */
  loaded: LoadedSettings;
  settingsQuery: LoadSettingsOptions;
  settingsStamps: FileStamps;
  toolKit: SessionToolKit;
  commandHooks: CommandHooks;
  hookModules: SessionHookModules;
  /** Says when the agent changed these files without the user's yes: not applied then. */
  configGuard: ConfigWriteGuard;
  permissions: SessionPermissions;
  /** Settings `permissions.defaultMode` changed: the session's mode follows unless the user picked one. */
  defaultModeChanged: (settings: Settings) => void;
  warn: (message: string) => void;
}

/**
 * Settings edited while the session is open apply from the next prompt, to the same
 * agent: its conversation, metrics and compaction state stay, and the session's hooks
 * are reconfigured rather than recreated (SessionStart runs once).
 */
export class SettingsReloader {
  private fingerprint: string;
  /** The settings applied last: the tool set is rebuilt with them when MCP tools change. */
  private settings: Settings;
  /** The settings files the applied settings were read from. */
  private files: readonly string[];

  constructor(private readonly parts: SettingsReloaderParts) {
    this.fingerprint = JSON.stringify(parts.loaded);
    this.settings = parts.loaded.settings;
    this.files = parts.loaded.files;
  }

  /** The settings files read (gong's and Claude Code's), lowest precedence first. */
  get settingsFiles(): readonly string[] {
    return this.files;
  }

  /** The settings applied last: a subagent starts with these. */
  get current(): Settings {
    return this.settings;
  }

  /**
   * Rebuilds the tool set under the current settings (an MCP server's tools arrived or
   * changed); the system prompt provider follows the new tools.
   */
  refreshTools(): void {
    const tools = modelTools(this.parts.toolKit, this.settings);
    if (!tools.ok) return;
    this.parts.agent.setTools(tools.tools);
  }

  /** Called before each prompt; a stat per settings file when nothing changed. */
  async applyChanges(): Promise<void> {
    const next = this.changedSettings();
    if (!next) return;
    const { agent, warn } = this.parts;
    for (const warning of next.warnings) warn(warning);
    const tools = modelTools(this.parts.toolKit, next.settings);
    if (!tools.ok) {
      warn(`${tools.error} The settings change was not applied.`);
      return;
    }
    const modeBefore = this.settings.permissions?.defaultMode;
    this.settings = next.settings;
    this.files = next.files;
    if (next.settings.permissions?.defaultMode !== modeBefore)
      this.parts.defaultModeChanged(next.settings);
    // The system prompt follows: its provider rebuilds it for the new tools.
    agent.setTools(tools.tools);
    agent.applySettings(agentSettings(next.settings));
    this.parts.commandHooks.setConfig((next.settings.hooks ?? {}) as CommandHooksConfig);
    this.parts.permissions.setPermissions(
      next.settings.permissions,
      next.projectTrusted,
      next.settings.confirmBash,
    );
    await this.parts.hookModules.reload(next, agent, this.parts.permissions.afterHooks);
  }

  /** The settings as the files say now, when they differ from the last ones applied. */
  private changedSettings(): LoadedSettings | undefined {
    if (!this.parts.settingsStamps.changed()) return undefined;
    const refused = this.parts.configGuard.unconfirmedChange();
    if (refused) {
      this.parts.warn(refused);
      return undefined;
    }
    // Read again with trust decided again: trusting the folder applies at the next prompt.
    const next = loadSettings(this.parts.settingsQuery);
    const fingerprint = JSON.stringify(next);
    if (fingerprint === this.fingerprint) return undefined;
    this.fingerprint = fingerprint;
    return next;
  }
}
