import { resolveGongHome } from "@gong/base";
import { isTrustedFolder } from "@gong/config-files";
import { addMcpServer, maskedMcpEntry, removeMcpServer } from "@gong/mcp";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import type { McpEditCommand } from "../mcp-edit-args.js";
import type { McpServerReport } from "./mcp/check-servers.js";

/**
 * `gong mcp list`: each configured server — connected (with its tool count), failed and
 * why, or disabled — after starting it as a session would; `gong mcp get <name>`: one
 * server with how it is started and its tools' names. Exit 0 when the report was made
 * (a failed server is part of the answer); `get` of a name nobody configured is 1.
 * `gong mcp add` / `remove` write the entry (@gong/mcp config/edit-servers.ts) and say where; a file
 * that cannot be changed, a name already there (add) or not there (remove) is 1.
 */
export async function mcpCommand(
  command: NonNullable<CliArgs["mcpCommand"]>,
  args: CliArgs,
  io: CliIo,
): Promise<number> {
  if (command.name === "add" || command.name === "remove") return editMcpServers(command, io);
  if (command.name === "login" || command.name === "logout") {
    return mcpLogin(command.name, command.server, args, io);
  }
  // Settings, models.json and their validator only for list and get (start-modules.test.ts).
  const { checkMcpServers } = await import("./mcp/check-servers.js");
  const report = await checkMcpServers({
    cwd: io.cwd,
    env: io.env,
    mcpConfig: args.mcpConfig,
    ...(args.trust ? { trust: true } : {}),
  });
  for (const warning of report.warnings) io.stderr(`gong: warning: ${warning}\n`);
  if (command.name === "get") {
    const server = report.servers.find((s) => s.name === command.server);
    if (!server) {
      const names = report.servers.map((s) => s.name).join(", ") || "none";
      io.stderr(`gong: no MCP server named "${command.server}" (configured: ${names})\n`);
      return 1;
    }
    io.stdout(`${server.name}: ${describe(server)}\n  ${server.target}\n`);
    for (const name of server.toolNames) io.stdout(`  ${name}\n`);
    return 0;
  }
  if (report.servers.length === 0) {
    io.stdout(
      'No MCP servers configured. Add one with gong mcp add <name> -- <command> [args...], or to .mcp.json ({"mcpServers": {"name": {"command": "…"}}}) or ~/.gong/settings.json "mcpServers".\n',
    );
    return 0;
  }
  for (const server of report.servers) io.stdout(`${server.name}: ${describe(server)}\n`);
  return 0;
}

/** `gong mcp login` / `logout`: the authorization URL goes to stderr, the outcome to stdout. */
async function mcpLogin(
  name: "login" | "logout",
  server: string,
  args: CliArgs,
  io: CliIo,
): Promise<number> {
  const options = {
    cwd: io.cwd,
    env: io.env,
    mcpConfig: args.mcpConfig,
    server,
    ...(args.trust ? { trust: true } : {}),
  };
  // The OAuth client (the MCP SDK) only for these two: list, get, add and remove start
  // without it (start-modules.test.ts).
  const { loginMcpServer, logoutMcpServer } = await import("./mcp/login.js");
  const result =
    name === "login"
      ? await loginMcpServer({ ...options, print: (line) => io.stderr(`gong: ${line}\n`) })
      : logoutMcpServer(options);
  if (!result.ok) {
    io.stderr(`gong: ${result.message}\n`);
    return 1;
  }
  io.stdout(`${result.message}\n`);
  return 0;
}

function describe(server: McpServerReport): string {
  switch (server.status) {
    case "connected":
      return `connected (${server.tools} tool${server.tools === 1 ? "" : "s"})`;
    case "disabled":
      return "disabled";
    default:
      return `${server.status}: ${server.error ?? "unknown reason"}`;
  }
}

async function editMcpServers(command: McpEditCommand, io: CliIo): Promise<number> {
  const where = { scope: command.scope, gongHome: resolveGongHome(io.env), cwd: io.cwd };
  const written =
    command.name === "add"
      ? await addMcpServer(where, command.server, command.entry)
      : await removeMcpServer(where, command.server);
  if (!written.ok) {
    io.stderr(`gong: ${written.message}\n`);
    return 1;
  }
  if (command.name === "remove") {
    io.stdout(`Removed MCP server "${command.server}" from ${written.file}\n`);
    return 0;
  }
  // Header values are masked: a token echoed to the terminal ends up in logs and scrollback.
  io.stdout(
    `Added MCP server "${command.server}" to ${written.file}:\n${JSON.stringify(maskedMcpEntry(command.entry), null, 2)}\n`,
  );
  if (command.scope === "project" && !isTrustedFolder(io.cwd, where.gongHome)) {
    io.stderr(
      `gong: warning: this folder is not trusted: sessions here skip the servers of .mcp.json, "${command.server}" too, until you trust it; run gong --trust here to load them\n`,
    );
  }
  return 0;
}
