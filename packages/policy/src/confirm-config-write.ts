import { readdirSync } from "node:fs";
import path from "node:path";
import type { AgentHooks, ToolCallDecision } from "@gong/agent-core";
import { homeDir } from "@gong/base";
import {
  commandNamesGongConfig,
  forgetAgentWrites,
  isGongConfigPath,
  isOwnSettingsWrite,
  recordAgentWrites,
  stampText,
} from "@gong/config-files";
import { resolveInputPath } from "@gong/tools";
import { type ConfirmedCalls, confirmCall } from "./confirm-call.js";
import type { ToolConfirmation } from "./tool-confirmation.js";

/**
 * The agent may not widen its own limits by editing gong's configuration: a write, edit
 * or bash call aimed at it (@gong/config-files config-paths.ts) is put to the user like a
 * confirmBash match (denied in print and json mode without `--yes`). A change the agent
 * made anyway — a bash command that hid the file's name — is caught afterwards: the
 * watched files are stamped around every call, and `unconfirmedChange` tells the
 * settings reloader not to apply them while they are as the agent left them. The change
 * is also recorded for the next starts (@gong/config-files agent-written.ts), which do not load the
 * file either until the user edits it or runs `gong --trust`.
 */
export interface ConfigWriteGuard extends AgentHooks {
  /** The line saying which watched files the agent changed unasked, or undefined. */
  unconfirmedChange(): string | undefined;
}

export interface ConfigWriteGuardOptions {
  cwd: string;
  gongHome: string;
  env: NodeJS.ProcessEnv;
  /** How the app asks its user; without it (print and json mode) the call is denied. */
  confirm: ToolConfirmation | undefined;
  confirmed: ConfirmedCalls;
  /** The files whose change this or the next session would load (settings, `.mcp.json`, hook folders). */
  watched: readonly string[];
  /** Reports that the record for the next start could not be written. */
  warn: (message: string) => void;
}

const FILE_WRITING_TOOLS = new Set(["write", "edit"]);

export function createConfigWriteGuard(options: ConfigWriteGuardOptions): ConfigWriteGuard {
  const { watched } = options;
  const stamps = () => watched.map(changeMark);
  // Per open call: the stamps before it ran and whether the user allowed a config write.
  const calls = new Map<string, { before: string[]; confirmed: boolean }>();
  // Watched file → its stamp as the agent left it, unasked.
  const unconfirmed = new Map<string, { stamp: string; toolName: string }>();
  return {
    name: "confirm-config-write",
    // Longer than the question's own limit: a hook that times out must not let it through.
    // (A getter: the asker's limit grows with its PermissionRequest hooks.)
    get timeoutMs() {
      return (options.confirm?.timeoutMs ?? 0) + 1000;
    },
    async beforeToolCall(toolName, params, info): Promise<ToolCallDecision> {
      const target = configTarget(toolName, params, options);
      if (target !== undefined) {
        const block = await confirmCall(
          options.confirm,
          {
            toolName,
            toolCallId: info.toolCallId,
            input: params,
            reason: `the call changes gong's own configuration (${target})`,
          },
          { confirmed: options.confirmed, key: `config\0${toolName}\0${target}` },
        );
        // The user's answer (or no one to ask): no hook name before it.
        if (block) return { block, byUser: true };
      }
      calls.set(info.toolCallId, { before: stamps(), confirmed: target !== undefined });
      return "ok";
    },
    onToolResult(toolName, result, info) {
      const call = calls.get(info.toolCallId);
      calls.delete(info.toolCallId);
      if (!call) return result;
      const after = stamps();
      const changed = watched.filter((_file, i) => after[i] !== call.before[i]);
      if (changed.length === 0) return result;
      remember(options, changed, call.confirmed ? undefined : toolName);
      if (call.confirmed) return result;
      for (const file of changed) {
        unconfirmed.set(file, { stamp: after[watched.indexOf(file)]!, toolName });
      }
      return result;
    },
    unconfirmedChange() {
      // A file edited again since (by the user, or by gong saving a permission rule the
      // user asked for) is theirs: it loads as usual.
      for (const [file, { stamp }] of unconfirmed) {
        if (stampText(file) !== stamp || isOwnSettingsWrite(file)) unconfirmed.delete(file);
      }
      if (unconfirmed.size === 0) return undefined;
      const files = [...unconfirmed.keys()];
      const tools = [...new Set([...unconfirmed.values()].map((entry) => entry.toolName))];
      const verb = files.length === 1 ? "was" : "were";
      return `${files.join(", ")} ${verb} changed by the agent's ${tools.join("/")} call without your confirmation: not applied, now or at the next start; review it, then run gong --trust in ${options.cwd} to accept it (or edit it yourself)`;
    },
  };
}

/**
 * A file's stamp; for a folder (hook modules) also its entries', so a module edited in
 * place counts as a change of the folder.
 */
function changeMark(file: string): string {
  let entries: string[] = [];
  try {
    entries = readdirSync(file).sort();
  } catch {
    // Not a folder, or gone: its own stamp says it.
  }
  return [stampText(file), ...entries.map((e) => `${e}=${stampText(path.join(file, e))}`)].join(
    "|",
  );
}

/**
 * Writes down for the next starts which files the agent changed unasked (`tool`), or
 * forgets them when the user confirmed the change (`tool` undefined). Gong's own save of
 * a permission rule the user asked for is the user's. A record that cannot be written is
 * reported: this session still refuses the change, the next start would not know.
 */
function remember(
  options: ConfigWriteGuardOptions,
  changed: readonly string[],
  tool: string | undefined,
): void {
  try {
    if (tool === undefined) forgetAgentWrites(options.gongHome, changed);
    else {
      const unasked = changed.filter((file) => !isOwnSettingsWrite(file));
      if (unasked.length > 0) recordAgentWrites(options.gongHome, unasked, tool);
    }
  } catch (error) {
    options.warn(
      `cannot record which configuration the agent changed unasked (${(error as Error).message}): the next start may load it; review ${changed.join(", ")} before restarting gong`,
    );
  }
}

/**
 * What configuration the call would change: the file of a write or edit, or the
 * command of a bash call that names it; undefined for any other call. A path that
 * cannot be resolved (a NUL in it) needs no question: the tool resolves it with this
 * same rule and refuses the call itself, so nothing is written (security-paths-held.test.ts).
 */
function configTarget(
  toolName: string,
  params: Record<string, unknown>,
  where: Pick<ConfigWriteGuardOptions, "cwd" | "gongHome" | "env">,
): string | undefined {
  if (toolName === "bash") {
    const command = typeof params.command === "string" ? params.command : "";
    return commandNamesGongConfig(command, where.gongHome) ? command : undefined;
  }
  if (!FILE_WRITING_TOOLS.has(toolName) || typeof params.path !== "string") return undefined;
  const resolved = resolveInputPath(params.path, where.cwd, homeDir(where.env));
  if (!resolved.ok) return undefined;
  return isGongConfigPath(resolved.path, where.gongHome) ? resolved.path : undefined;
}
