/**
 * `@gong/runtime/mcp`: what `gong mcp list | get` run, loadable on its own — imported
 * lazily by them, so `gong mcp add` and `remove` start without settings or models.json,
 * and without a server to start no command here loads the MCP SDK
 * (apps/cli/test/start-modules.test.ts). Login (the SDK's OAuth client) is not here.
 */

export {
  type CheckMcpServersOptions,
  checkMcpServers,
  type McpServerReport,
  type McpServersReport,
} from "./check-servers.js";
