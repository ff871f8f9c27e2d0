import { formatConfigIssue, readJsonConfigFile, validateConfig } from "@gong/config-files";
import { Type } from "@sinclair/typebox";
import {
  ignoredEntryKeysNote,
  ignoreUnknownEntryKeys,
  isJsonObject,
  type McpServerEntry,
  McpServersSchema,
} from "./entry.js";

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
  // Claude Code ignores keys it does not know in an entry (`name`, `description`): so does
  // gong, saying which once (apps/cli/test/claude-files.test.ts).
  let value: unknown = read.value;
  const notes: string[] = [];
  if (isJsonObject(value) && "mcpServers" in value) {
    const cleaned = ignoreUnknownEntryKeys(value.mcpServers);
    value = { ...value, mcpServers: cleaned.servers };
    if (cleaned.ignored.length > 0) notes.push(ignoredEntryKeysNote(file, cleaned.ignored));
  }
  const checked = validateConfig(McpConfigFileSchema, value, read.locate);
  const warnings = [...notes, ...checked.issues.map((issue) => formatConfigIssue(file, issue))];
  const valid = checked.value as { mcpServers?: Record<string, McpServerEntry> } | undefined;
  return { servers: valid?.mcpServers ?? {}, warnings, found: true };
}
