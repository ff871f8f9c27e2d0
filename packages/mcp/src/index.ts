export {
  DEFAULT_CALL_TIMEOUT_MS,
  isRemoteEntry,
  type McpRemoteEntry,
  type McpServerEntry,
  McpServerEntrySchema,
  McpServersSchema,
  type McpStdioEntry,
} from "./config/entry.js";
export { expandEntry } from "./config/expand.js";
export { type McpConfigFile, readMcpConfigFile } from "./config/read-file.js";
export { MAX_RESTARTS, START_TIMEOUT_MS } from "./connection.js";
export { serverEnvironment } from "./environment.js";
export { MAX_TOOL_NAME_LENGTH, mcpToolName, sanitizeNamePart, uniqueToolNames } from "./names.js";
export { resultEnvelope } from "./result.js";
export { providerSchema } from "./schema.js";
export {
  type McpServerState,
  type McpServerStatus,
  McpServers,
  type McpServersOptions,
  type McpToolSelection,
} from "./servers.js";
