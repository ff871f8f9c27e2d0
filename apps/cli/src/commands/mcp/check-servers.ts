/**
 * `gong mcp list` and `get`: starts every configured server the way a session would (same sources,
 * same trust rule), waits for each to connect or fail, reports, and ends them all. No
 * model or API key is involved.
 */

import { resolveGongHome } from "@gong/base";
import { jobsDir, untrustedFolderWarning } from "@gong/config-files";
import { createModelRegistry } from "@gong/llm";
import { type McpServerEntry, type McpServerStatus, mcpOAuthDir } from "@gong/mcp";
import { loadSettings, sessionMcpServerSet, untrustedMcpJsonServers } from "@gong/settings";

export interface CheckMcpServersOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  gongHome?: string;
  /** `--mcp-config` files. */
  mcpConfig?: readonly string[];
  /** `--trust` for this run; default: the user settings' `trustedFolders`. */
  trust?: boolean;
}

/** One server as `gong mcp list` / `get` show it. */
export interface McpServerReport extends McpServerStatus {
  /** How it is reached: `command args…` or `http|sse url` (never `env` or `headers`: secrets). */
  target: string;
  /** The gong names of the tools it offers now. */
  toolNames: string[];
}

export interface McpServersReport {
  servers: McpServerReport[];
  /** Settings problems, servers that failed, the untrusted folder's skipped servers. */
  warnings: string[];
}

/** The settings a `gong mcp` command reads: the user's, and the project's when trusted. */
export function mcpCommandSettings(options: CheckMcpServersOptions) {
  const env = options.env ?? process.env;
  const gongHome = options.gongHome ?? resolveGongHome(env);
  const loaded = loadSettings({
    cwd: options.cwd,
    gongHome,
    env,
    ...(options.trust ? { projectTrusted: true } : {}),
  });
  return { env, gongHome, loaded };
}

export async function checkMcpServers(options: CheckMcpServersOptions): Promise<McpServersReport> {
  const { env, gongHome, loaded } = mcpCommandSettings(options);
  const warnings = [...loaded.warnings];
  const warn = (message: string) => warnings.push(message);
  const skipped = untrustedFolderWarning(
    loaded.untrustedSettings.filter((skipped) => skipped.key === "mcpServers"),
    0,
    untrustedMcpJsonServers(options.cwd, loaded),
  );
  if (skipped) warn(skipped);
  const { servers, withheld } = sessionMcpServerSet(
    { cwd: options.cwd, loaded, configFiles: options.mcpConfig ?? [], warn },
    createModelRegistry({ gongHome, env }).apiKeyVariables(),
  );
  if (Object.keys(servers).length === 0) return { servers: [], warnings };
  // Loaded only when there is a server to start: without one, `gong mcp list` loads
  // no MCP SDK (apps/cli/test/start-modules.test.ts).
  const [{ McpServers, START_TIMEOUT_MS }, { JobLedger }] = await Promise.all([
    import("@gong/mcp"),
    import("@gong/tools"),
  ]);
  const mcp = new McpServers({
    servers,
    withheldVariables: withheld,
    env,
    cwd: options.cwd,
    warn: () => {},
    // A stored login is used; one that needs the browser says `gong mcp login <name>`.
    oauth: { dir: mcpOAuthDir(gongHome), interactive: false },
    // As a session's: a `gong mcp list` killed with -9 leaves nothing running for good.
    processLedger: new JobLedger(jobsDir(gongHome), warn, "mcp", "the MCP servers' processes"),
  });
  try {
    // Each server's own start is bounded by START_TIMEOUT_MS; a little more lets it say why.
    await mcp.ready(START_TIMEOUT_MS + 1_000);
    const reports = mcp.statuses().map((status) => ({
      ...status,
      target: target(Object.hasOwn(servers, status.name) ? servers[status.name] : undefined),
      toolNames: mcp.toolNames(status.name),
    }));
    return { servers: reports, warnings };
  } finally {
    await mcp.close();
  }
}

function target(entry: McpServerEntry | undefined): string {
  if (!entry) return "";
  if ("url" in entry) return `${entry.type} ${entry.url}`;
  return [entry.command, ...(entry.args ?? [])].join(" ");
}
