/**
 * The words of `gong mcp add` and `gong mcp remove`, parsed on their own: their flags
 * (`--scope`, `--transport`, `--header`) are theirs alone, and everything after `--` is
 * the server's command line, flags included.
 */
import { parseArgs as nodeParseArgs } from "node:util";
import { MCP_SCOPES, type McpScope } from "@gong/protocol/session-flags";
import type { McpServerEntry } from "@gong/runtime";

export type McpEditCommand =
  | { name: "add"; scope: McpScope; server: string; entry: McpServerEntry }
  | { name: "remove"; scope: McpScope; server: string };

export const MCP_ADD_USAGE =
  'usage: gong mcp add [--scope user|project] <name> -- <command> [args...] | gong mcp add [--scope user|project] --transport http|sse <name> <url> [--header "Key: value" ...]';
export const MCP_REMOVE_USAGE = "usage: gong mcp remove [--scope user|project] <name>";

const TRANSPORTS = ["stdio", "http", "sse"] as const;

/** `words` follow `gong mcp add` / `gong mcp remove`. */
export function parseMcpEdit(
  name: "add" | "remove",
  words: string[],
): { ok: true; command: McpEditCommand } | { ok: false; error: string } {
  const usage = name === "add" ? MCP_ADD_USAGE : MCP_REMOVE_USAGE;
  const fail = (message: string) => ({ ok: false as const, error: `${message}\n${usage}` });
  let parsed: ReturnType<typeof parseWords>;
  try {
    parsed = parseWords(name, words);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const scope = values.scope ?? "user";
  if (!isOneOf(MCP_SCOPES, scope)) return fail(`unknown scope "${scope}"`);
  const [server, ...rest] = positionals;
  if (!server) return fail(`gong mcp ${name} needs a server name`);
  if (name === "remove") {
    if (rest.length > 0) return fail("gong mcp remove takes one server name");
    return { ok: true, command: { name, scope, server } };
  }
  const transport = values.transport ?? "stdio";
  if (!isOneOf(TRANSPORTS, transport)) return fail(`unknown transport "${transport}"`);
  if (transport === "stdio") {
    const [command, ...args] = rest;
    if (!command) return fail("gong mcp add needs the server's command after --");
    if (values.header?.length) return fail("--header is for --transport http or sse");
    return { ok: true, command: { name, scope, server, entry: { command, args } } };
  }
  const [url, ...extra] = rest;
  if (!url || extra.length > 0) return fail(`--transport ${transport} takes one URL`);
  const headers: Record<string, string> = {};
  for (const header of values.header ?? []) {
    const colon = header.indexOf(":");
    if (colon <= 0) return fail(`--header "${header}" is not "Key: value"`);
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  const entry: McpServerEntry = {
    type: transport,
    url,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
  return { ok: true, command: { name, scope, server, entry } };
}

function parseWords(name: "add" | "remove", words: string[]) {
  return nodeParseArgs({
    args: words,
    options: {
      scope: { type: "string", short: "s" },
      ...(name === "add"
        ? {
            transport: { type: "string", short: "t" },
            header: { type: "string", short: "H", multiple: true },
          }
        : {}),
    },
    strict: true,
    allowPositionals: true,
  }) as {
    values: { scope?: string; transport?: string; header?: string[] };
    positionals: string[];
  };
}

function isOneOf<T extends string>(choices: readonly T[], value: string): value is T {
  return (choices as readonly string[]).includes(value);
}
