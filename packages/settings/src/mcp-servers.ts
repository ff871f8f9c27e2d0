/**
 * Which MCP servers a session starts, merged by name, later sources winning: the
 * project's `.mcp.json` (Claude Code's file), then the settings files (user, then
 * project: `mcpServers`), then each `--mcp-config <file>` of this run, then the servers
 * the app adds for the session (an editor's, over ACP). A project's servers
 * (`.mcp.json`, `.gong/settings.json`) are code the repository runs: only in a trusted
 * folder (the settings loader already leaves the project's `mcpServers` out otherwise).
 */

import { projectMcpJsonPath } from "@gong/config-files";
import { type McpServerEntry, readMcpConfigFile } from "@gong/mcp";
import type { LoadedSettings } from "./settings.js";

export interface McpServerSources {
  cwd: string;
  loaded: LoadedSettings;
  /** `--mcp-config` files, in the order given. */
  configFiles: readonly string[];
  /** The app's own servers for this session (an editor's); they win by name. */
  added?: Record<string, McpServerEntry>;
  warn: (message: string) => void;
}

export function sessionMcpServers(sources: McpServerSources): Record<string, McpServerEntry> {
  return sessionMcpServerSet(sources, []).servers;
}

/**
 * The servers, and for each whose entry comes from a project's file (`.mcp.json`, the
 * project's `mcpServers`) the variables its `${VAR}` may not read: the user's provider API
 * keys (`apiKeyVariables`, those stripped from children, session/child-env.ts). A project
 * file never gets them; user settings, `--mcp-config` files and the app's servers may.
 */
export function sessionMcpServerSet(
  sources: McpServerSources,
  apiKeyVariables: readonly string[],
): { servers: Record<string, McpServerEntry>; withheld: Record<string, readonly string[]> } {
  const read = (file: string) => {
    const config = readMcpConfigFile(file);
    for (const warning of config.warnings) sources.warn(warning);
    return config;
  };
  const { loaded } = sources;
  // Not a file the agent wrote unasked either (@gong/config-files agent-written.ts; warned by the loader).
  const mcpJson = projectMcpJsonPath(sources.cwd);
  const project =
    loaded.projectTrusted && !loaded.agentWritten.includes(mcpJson) ? read(mcpJson).servers : {};
  const fromProject = new Set(Object.keys(project));
  // A settings entry replaces the `.mcp.json` one; the project's settings layer merged into it.
  for (const name of Object.keys(loaded.settings.mcpServers ?? {})) {
    if (loaded.projectMcpServers.includes(name)) fromProject.add(name);
    else fromProject.delete(name);
  }
  let servers: Record<string, McpServerEntry> = { ...project, ...loaded.settings.mcpServers };
  for (const file of sources.configFiles) {
    const config = read(file);
    if (!config.found)
      sources.warn(`${file}: no such MCP config file; its servers were not started`);
    servers = { ...servers, ...config.servers };
    for (const name of Object.keys(config.servers)) fromProject.delete(name);
  }
  for (const name of Object.keys(sources.added ?? {})) fromProject.delete(name);
  const withheld = Object.fromEntries([...fromProject].map((name) => [name, apiKeyVariables]));
  return { servers: { ...servers, ...sources.added }, withheld };
}

/** The servers an untrusted folder's `.mcp.json` would start, for the trust warning. */
export function untrustedMcpJsonServers(cwd: string, loaded: LoadedSettings): string[] {
  if (loaded.projectTrusted) return [];
  return Object.keys(readMcpConfigFile(projectMcpJsonPath(cwd)).servers);
}
