/**
 * One MCP server entry, in Claude Code's shape (`.mcp.json`, settings `mcpServers`), so a
 * repository set up for Claude Code works unchanged: a stdio server is `command` (+ `args`,
 * `env`, `cwd`), a remote one `type: "http" | "sse"` + `url` (+ `headers`). Gong adds
 * `disabled`, `timeout` (ms per call), `includeTools` and `excludeTools`.
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

export type McpStdioEntry = Static<typeof StdioEntrySchema>;
export type McpRemoteEntry = Static<typeof RemoteEntrySchema>;
export type McpServerEntry = McpStdioEntry | McpRemoteEntry;

export function isRemoteEntry(entry: McpServerEntry): entry is McpRemoteEntry {
  return entry.type === "http" || entry.type === "sse";
}

/** A call's time limit when the entry sets none: long tasks (builds, crawls) are normal. */
export const DEFAULT_CALL_TIMEOUT_MS = 10 * 60 * 1000;
