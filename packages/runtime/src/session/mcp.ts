/**
 * `session.mcp`: the session's MCP servers as they are now (`/mcp`, RPC
 * `get_state.mcpServers`) and restarting them (`/mcp reconnect`). The servers start with
 * the session (session-mcp.ts) and end with it.
 */
import type { McpServerStatus, McpServers } from "@gong/mcp";

export class McpControl {
  /** `servers`: undefined when none is configured. */
  constructor(private readonly servers_: McpServers | undefined) {}

  /** Every configured server with its status and tools (empty when none is configured). */
  get servers(): McpServerStatus[] {
    return this.servers_?.statuses() ?? [];
  }

  /** Restarts the server named (all when none), their tools anew. */
  async reconnect(name?: string): Promise<McpServerStatus[]> {
    return (await this.servers_?.reconnect(name)) ?? [];
  }
}
