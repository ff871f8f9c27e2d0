import path from "node:path";

/** Where remote MCP servers' OAuth logins are kept (tokens: 0600 files in a 0700 folder). */
export function mcpOAuthDir(gongHome: string): string {
  return path.join(gongHome, "mcp-oauth");
}
