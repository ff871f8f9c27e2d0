import { checkMcpServers } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";

/**
 * `gong mcp list`: each configured server — connected (with its tool count), failed and
 * why, or disabled — after starting it as a session would. Exit 0 even when a server
 * failed: the report is the answer; 1 only when nothing is configured at all would be a
 * guess, so an empty list says how to add one instead.
 */
export async function mcpListCommand(args: CliArgs, io: CliIo): Promise<number> {
  const report = await checkMcpServers({
    cwd: io.cwd,
    env: io.env,
    mcpConfig: args.mcpConfig,
    ...(args.trust ? { trust: true } : {}),
  });
  for (const warning of report.warnings) io.stderr(`gong: warning: ${warning}\n`);
  if (report.servers.length === 0) {
    io.stdout(
      'No MCP servers configured. Add one to .mcp.json ({"mcpServers": {"name": {"command": "…"}}}) or to ~/.gong/settings.json "mcpServers".\n',
    );
    return 0;
  }
  for (const server of report.servers) {
    io.stdout(`${server.name}: ${describe(server)}\n`);
  }
  return 0;
}

function describe(server: { status: string; tools: number; error?: string }): string {
  switch (server.status) {
    case "connected":
      return `connected (${server.tools} tool${server.tools === 1 ? "" : "s"})`;
    case "disabled":
      return "disabled";
    default:
      return `${server.status}: ${server.error ?? "unknown reason"}`;
  }
}
