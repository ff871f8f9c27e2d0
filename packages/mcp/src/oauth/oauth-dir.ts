import path from "node:path";

/**
 * Where remote MCP servers' OAuth logins are kept under a gong home (`OAuthStore`:
 * 0600 files in a 0700 folder), the same for a session, `gong mcp list` and `gong mcp login`.
 */
export function mcpOAuthDir(gongHome: string): string {
  return path.join(gongHome, "mcp-oauth");
}
