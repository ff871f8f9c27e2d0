import { formatConfigIssue, readJsonConfigFile, validateConfig } from "@gong/config-files";
import { Type } from "@sinclair/typebox";
import { type McpServerEntry, McpServersSchema } from "./entry.js";

/** `.mcp.json` and `--mcp-config` files: `{"mcpServers": {...}}`, other keys left alone. */
const McpConfigFileSchema = Type.Object({ mcpServers: Type.Optional(McpServersSchema) });

export interface McpConfigFile {
  servers: Record<string, McpServerEntry>;
  /** One `file:line:col: …` line per problem; the rest of the file still applies. */
  warnings: string[];
  /** False when the file does not exist. */
  found: boolean;
}

/** Reads one server file; a missing file is no servers, a broken one a warning. */
export function readMcpConfigFile(file: string): McpConfigFile {
  const read = readJsonConfigFile(file);
  if (!read.ok) {
    if (read.missing) return { servers: {}, warnings: [], found: false };
    const message = `${read.message}; the file was ignored, fix it to start its servers`;
    return { servers: {}, warnings: [formatConfigIssue(file, { ...read, message })], found: true };
  }
  const checked = validateConfig(McpConfigFileSchema, read.value, read.locate);
  const warnings = checked.issues.map((issue) => formatConfigIssue(file, issue));
  const value = checked.value as { mcpServers?: Record<string, McpServerEntry> } | undefined;
  return { servers: value?.mcpServers ?? {}, warnings, found: true };
}
