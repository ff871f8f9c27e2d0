/**
 * `gong mcp add` / `gong mcp remove`: one entry of `mcpServers` written to or taken out
 * of the user settings (`~/.gong/settings.json`, scope `user`) or the project's
 * `.mcp.json` (scope `project`, Claude Code's file), the file's other keys, comments and
 * layout kept.
 */
import type { McpServerEntry } from "@gong/mcp";
import { globalSettingsPath, projectMcpJsonPath } from "../config/paths.js";
import { editJsonConfigFile, type UserSettingsWrite } from "../config/user-settings-writer.js";
import type { McpScope } from "../session/session-flags.js";

export interface McpServerFile {
  scope: McpScope;
  gongHome: string;
  /** The project root, where `.mcp.json` lives. */
  cwd: string;
}

export function mcpServerFile(where: McpServerFile): string {
  return where.scope === "user"
    ? globalSettingsPath(where.gongHome)
    : projectMcpJsonPath(where.cwd);
}

/** Writes `entry` as server `name`; a server of that name already there is refused. */
export function addMcpServer(
  where: McpServerFile,
  name: string,
  entry: McpServerEntry,
): Promise<UserSettingsWrite> {
  return editJsonConfigFile(
    mcpServerFile(where),
    (config, file) =>
      serversOf(config)[name] !== undefined
        ? {
            ok: false,
            message: `${file} already has an MCP server named "${name}"; remove it first (gong mcp remove ${name}${scopeFlag(where)})`,
          }
        : { ok: true, set: [[["mcpServers", name], entry]] },
    `run gong mcp add again`,
  );
}

/** Takes server `name` out; a name the file does not have is refused. */
export function removeMcpServer(where: McpServerFile, name: string): Promise<UserSettingsWrite> {
  return editJsonConfigFile(
    mcpServerFile(where),
    (config, file) => {
      const servers = serversOf(config);
      if (servers[name] !== undefined)
        return { ok: true, set: [[["mcpServers", name], undefined]] };
      const names = Object.keys(servers).join(", ") || "none";
      return { ok: false, message: `no MCP server named "${name}" in ${file} (there: ${names})` };
    },
    `run gong mcp remove again`,
  );
}

function serversOf(config: Record<string, unknown>): Record<string, unknown> {
  const servers = config.mcpServers;
  return typeof servers === "object" && servers !== null && !Array.isArray(servers)
    ? (servers as Record<string, unknown>)
    : {};
}

function scopeFlag(where: McpServerFile): string {
  return where.scope === "user" ? "" : ` --scope ${where.scope}`;
}
