/**
 * `session.lsp`: the session's language servers (@gong/lsp; `/lsp`, RPC
 * `get_state.lsp`) — those started (one per language and root) and those available. They
 * start when the agent first touches a file of their language (session-lsp.ts) and end
 * with the session.
 */
import type { LanguageServers, ServerStatus } from "@gong/lsp";

export class LspControl {
  /** `servers`: undefined when the session has none. */
  constructor(private readonly servers_: LanguageServers | undefined) {}

  get servers(): ServerStatus[] {
    return this.servers_?.status() ?? [];
  }
}
