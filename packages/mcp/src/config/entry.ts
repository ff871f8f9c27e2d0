/**
 * One MCP server entry, in Claude Code's shape (`.mcp.json`, settings `mcpServers`), so a
 * repository set up for Claude Code works unchanged: a stdio server is `command` (+ `args`,
 * `env`, `cwd`), a remote one `type: "http" | "sse"` + `url` (+ `headers`,
 * `headersHelper`). Gong adds `disabled`, `timeout` (ms per call), `includeTools` and
 * `excludeTools`. Keys neither knows (`name`, `description`, …) are left out with one
 * note (`ignoreUnknownEntryKeys`), as Claude Code ignores them.
 */
import { type Static, Type } from "@sinclair/typebox";

const common = {
  disabled: Type.Optional(Type.Boolean()),
  timeout: Type.Optional(Type.Integer({ minimum: 1 })),
  includeTools: Type.Optional(Type.Array(Type.String())),
  excludeTools: Type.Optional(Type.Array(Type.String())),
};

const StdioEntrySchema = Type.Object(
  {
    type: Type.Optional(Type.Literal("stdio")),
    command: Type.String({ minLength: 1 }),
    args: Type.Optional(Type.Array(Type.String())),
    env: Type.Optional(Type.Record(Type.String(), Type.String())),
    cwd: Type.Optional(Type.String()),
    ...common,
  },
  { additionalProperties: false },
);

const RemoteEntrySchema = Type.Object(
  {
    type: Type.Union([Type.Literal("http"), Type.Literal("sse")]),
    url: Type.String({ minLength: 1 }),
    headers: Type.Optional(Type.Record(Type.String(), Type.String())),
    /**
     * Claude Code's: a shell command whose stdout is a JSON object of headers, run before
     * each connection (config/headers-helper.ts); its headers win over `headers`.
     */
    headersHelper: Type.Optional(Type.String({ minLength: 1 })),
    oauth: Type.Optional(
      Type.Object(
        {
          clientId: Type.Optional(Type.String({ minLength: 1 })),
          clientSecret: Type.Optional(Type.String({ minLength: 1 })),
          clientMetadataUrl: Type.Optional(Type.String({ minLength: 1 })),
          scopes: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
        },
        { additionalProperties: false },
      ),
    ),
    ...common,
  },
  { additionalProperties: false },
);

/** Validated with the settings machinery: a wrong entry is one `file:line:col` warning. */
export const McpServerEntrySchema = Type.Union([StdioEntrySchema, RemoteEntrySchema], {
  expected:
    'a server entry: {"command", "args"?, "env"?, "cwd"?} or {"type": "http" | "sse", "url", "headers"?, "oauth"?}, each with optional "disabled", "timeout" (ms, a whole number ≥ 1), "includeTools", "excludeTools"',
});

export const McpServersSchema = Type.Record(Type.String(), McpServerEntrySchema);

/** A JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every key some entry shape has: a key outside both is no one's (Claude Code ignores it). */
const KNOWN_ENTRY_KEYS = new Set([
  ...Object.keys(StdioEntrySchema.properties),
  ...Object.keys(RemoteEntrySchema.properties),
]);

/**
 * `mcpServers` without the entries' keys no shape knows (`name`, `description`, …),
 * and one line naming them (`server.key`, …), or undefined when there were none. The
 * entries are otherwise untouched; validation follows.
 */
export function ignoreUnknownEntryKeys(servers: unknown): {
  servers: unknown;
  ignored: string[];
} {
  if (!isJsonObject(servers)) return { servers, ignored: [] };
  const ignored: string[] = [];
  // No prototype: a server named `__proto__` is a key like any other (mcp-add.test.ts).
  const out: Record<string, unknown> = Object.create(null);
  for (const [name, entry] of Object.entries(servers)) {
    if (!isJsonObject(entry)) {
      out[name] = entry;
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry)) {
      if (KNOWN_ENTRY_KEYS.has(key)) kept[key] = value;
      else ignored.push(`${name}.${key}`);
    }
    out[name] = kept;
  }
  return { servers: out, ignored };
}

/** The note for `ignoreUnknownEntryKeys`'s list: one line per file. */
export function ignoredEntryKeysNote(file: string, ignored: readonly string[]): string {
  return `${file}: MCP server keys gong does not use were ignored (${ignored.join(", ")}); the servers load without them`;
}

export type McpStdioEntry = Static<typeof StdioEntrySchema>;
export type McpRemoteEntry = Static<typeof RemoteEntrySchema>;
export type McpServerEntry = McpStdioEntry | McpRemoteEntry;

export function isRemoteEntry(entry: McpServerEntry): entry is McpRemoteEntry {
  return entry.type === "http" || entry.type === "sse";
}

/** A call's time limit when the entry sets none: long tasks (builds, crawls) are normal. */
export const DEFAULT_CALL_TIMEOUT_MS = 10 * 60 * 1000;
