import type { McpServerStatus } from "@gong/runtime";
import type { SlashCommand } from "../contract.js";

/**
 * `/mcp`: each MCP server of the session — connected with its tool count, connecting,
 * failed and why, disabled; `/mcp reconnect [name]` restarts the one named (every one
 * when none is) and shows the result.
 */
export const mcpCommand: SlashCommand = {
  name: "mcp",
  description: "show the MCP servers' status; /mcp reconnect [name] restarts them",
  async run(args, context) {
    const session = context.host.current;
    const [verb, name, ...rest] = args.trim().split(/\s+/).filter(Boolean);
    if (verb !== undefined && (verb !== "reconnect" || rest.length > 0)) {
      context.ui.error("Usage: /mcp, or /mcp reconnect [name]");
      return;
    }
    const known = session.mcp.servers;
    if (name !== undefined && !known.some((s) => s.name === name)) {
      const names = known.map((s) => s.name).join(", ") || "none";
      context.ui.error(`No MCP server named "${name}" (configured: ${names}).`);
      return;
    }
    const statuses = verb ? await session.mcp.reconnect(name) : known;
    if (statuses.length === 0) {
      context.ui.block("MCP servers", [
        'None configured: add one with gong mcp add <name> -- <command>, or to .mcp.json ({"mcpServers": {…}}).',
      ]);
      return;
    }
    const width = Math.max(...statuses.map((s) => s.name.length));
    context.ui.block(
      "MCP servers",
      statuses.map((s) => `${s.name.padEnd(width)}  ${describe(s)}`),
    );
  },
};

function describe(server: McpServerStatus): string {
  switch (server.status) {
    case "connected":
      return `connected (${server.tools} tool${server.tools === 1 ? "" : "s"})`;
    case "disabled":
      return "disabled";
    case "connecting":
      return "connecting…";
    default:
      return `failed: ${server.error ?? "unknown reason"} — /mcp reconnect ${server.name} tries again`;
  }
}
