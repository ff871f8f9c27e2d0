import type { LanguageServerStatus } from "@gong/runtime";
import type { SlashCommand } from "../contract.js";

/**
 * `/lsp`: each language server of the session — running (its root and pid), starting,
 * failed and why, not found, or not started yet (it starts on the first file of its
 * language the agent touches).
 */
export const lspCommand: SlashCommand = {
  name: "lsp",
  description: "show the language servers' status",
  async run(_args, context) {
    const servers = context.host.current.lsp.servers;
    if (servers.length === 0) {
      context.ui.block("Language servers", [
        'None configured: every built-in one is disabled in settings "lsp".',
      ]);
      return;
    }
    const width = Math.max(...servers.map((s) => s.name.length));
    context.ui.block(
      "Language servers",
      servers.map((s) => `${s.name.padEnd(width)}  ${describe(s)}`),
    );
  },
};

function describe(server: LanguageServerStatus): string {
  switch (server.state) {
    case "running":
      return `running in ${server.root} (${server.command}, pid ${server.pid})`;
    case "starting":
      return `starting in ${server.root} (${server.command})…`;
    case "failed":
      return `failed: ${server.error ?? "unknown reason"} (${server.command})`;
    case "not-found":
      return `not found: install ${server.command}, or set its command in settings "lsp"`;
    default:
      return `not started (${server.command}; starts with the first file of its language)`;
  }
}
