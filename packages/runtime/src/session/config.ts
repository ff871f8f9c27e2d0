/**
 * `session.config`: where this session's configuration comes from and what it decided —
 * the files (and when an edit to each applies), the settings files read, the permission
 * rules, bash's sandbox, and the prompt commands `/name args` runs.
 */

import type { ConfigFileGroup } from "@gong/config-files";
import type { CommandHooks, NotificationType } from "@gong/hooks";
import type { SessionPermissions } from "@gong/policy";
import type { PromptCommandInfo, PromptCommands } from "../commands/prompt-commands.js";
import type { SandboxState } from "./session-sandbox.js";

export interface SessionConfigParts {
  /** The files and folders this session's configuration comes from. */
  configFiles: ConfigFileGroup[];
  /** The settings files the session's settings were read from, lowest precedence first. */
  settingsFiles: () => readonly string[];
  permissions: SessionPermissions;
  sandbox: SandboxState;
  promptCommands: PromptCommands;
  /** The settings' command hooks (Claude Code's Notification event runs through them). */
  commandHooks: CommandHooks | undefined;
}

export class SessionConfig {
  constructor(private readonly parts: SessionConfigParts) {}

  /**
   * The settings, models.json, context files, skills and hook folders this session's
   * configuration comes from, and when an edit to each applies: for an app that watches
   * them to tell its user (nothing here watches in the background).
   */
  files(): ConfigFileGroup[] {
    return this.parts.configFiles;
  }

  /**
   * Runs the settings' Notification hooks (Claude Code's): the app waits for the user, who
   * may be looking elsewhere — where a terminal would ring its bell. Permission questions
   * notify on their own (@gong/hooks permission-asker.ts).
   */
  async notify(type: NotificationType, message: string): Promise<void> {
    await this.parts.commandHooks?.notification(type, message);
  }

  /**
   * The settings files that were read — gong's and Claude Code's — lowest precedence
   * first (`/session`, RPC `get_state.settingsFiles`).
   */
  get settingsFiles(): readonly string[] {
    return this.parts.settingsFiles();
  }

  /** The session's permission rules (an editor's own question checks them first). */
  get permissions(): SessionPermissions {
    return this.parts.permissions;
  }

  /** The sandbox every bash command of the session runs in (the status line, `get_state`). */
  get sandbox(): SandboxState {
    return this.parts.sandbox;
  }

  /**
   * The prompt commands `/name args` runs (Markdown files and MCP prompts), for a menu;
   * the files are read again at each call.
   */
  promptCommands(): Promise<PromptCommandInfo[]> {
    return this.parts.promptCommands.list();
  }
}
