/**
 * The editor's `mcpServers` (ACP's `session/new` / `session/load`) in gong's entry shape:
 * ACP lists servers with a `name` and `{name, value}` pairs for `env` and `headers`; gong
 * keys servers by name and keeps `env` and `headers` as records.
 */
import type { McpServer } from "@agentclientprotocol/sdk";
import type { CodingSessionOptions } from "@gong/runtime";

type Entries = NonNullable<CodingSessionOptions["mcpServers"]>;

export function editorMcpServers(servers: readonly McpServer[] | undefined): Entries {
  const entries: Entries = {};
  for (const server of servers ?? []) {
    if ("type" in server && (server.type === "http" || server.type === "sse")) {
      entries[server.name] = { type: server.type, url: server.url, headers: pairs(server.headers) };
    } else if ("command" in server) {
      entries[server.name] = { command: server.command, args: server.args, env: pairs(server.env) };
    }
  }
  return entries;
}

function pairs(list: readonly { name: string; value: string }[]): Record<string, string> {
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}
