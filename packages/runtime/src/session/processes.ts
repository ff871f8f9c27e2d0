/**
 * `session.processes`: the process groups bash started (background jobs too), the MCP
 * servers' and the language servers' processes — stopped on an editor's "stop everything", killed at once by a
 * process about to exit. `close` ends them too.
 */
import type { LanguageServers } from "@gong/lsp";
import type { McpServers } from "@gong/mcp";
import type { BackgroundShells, ProcessGroups } from "@gong/tools";

export class SessionProcesses {
  constructor(
    private readonly groups: ProcessGroups,
    private readonly mcp: McpServers | undefined,
    private readonly lsp: LanguageServers | undefined,
    private readonly shells: BackgroundShells | undefined,
  ) {}

  /**
   * bash's background shells (`run_in_background`): what `/bashes`, RPC `get_state` and
   * the web view list, live, and kill. Undefined for a session built without them.
   */
  get backgroundShells(): BackgroundShells | undefined {
    return this.shells;
  }

  /**
   * Ends every process group bash started (TERM, then KILL after the grace period),
   * background jobs included, and keeps the session usable: "stop everything" for an
   * editor's abort, which unlike a CLI signal does not end the process.
   */
  stop(): Promise<void> {
    return this.groups.dispose();
  }

  /**
   * KILLs every process group bash started, every stdio MCP server and every language
   * server, at once: for a
   * process that is about to exit without time for `close` (a second Ctrl+C, an `exit`
   * handler).
   */
  killNow(): void {
    this.groups.killNow();
    this.mcp?.killNow();
    this.lsp?.killNow();
  }
}
