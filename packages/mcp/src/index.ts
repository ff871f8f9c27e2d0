export { MCP_CLIENT_TOOL_NAMES } from "./client-tool-names.js";
export { literalCredentialHeaders, maskedMcpEntry } from "./config/credentials.js";
export {
  addMcpServer,
  type McpScope,
  type McpServerFile,
  mcpServerFile,
  removeMcpServer,
} from "./config/edit-servers.js";
export {
  DEFAULT_CALL_TIMEOUT_MS,
  ignoredEntryKeysNote,
  ignoreUnknownEntryKeys,
  type McpServerEntry,
  McpServerEntrySchema,
  McpServersSchema,
} from "./config/entry.js";
export { expandEntry } from "./config/expand.js";
export { type McpConfigFile, readMcpConfigFile } from "./config/read-file.js";
export {
  MAX_RESTARTS,
  type McpOAuthOptions,
  START_TIMEOUT_MS,
} from "./connection.js";
export {
  acceptElicitationDefaults,
  declineElicitation,
  elicitThroughAskUser,
  type McpElicitation,
  type McpElicitationAnswer,
  type McpElicitHandler,
} from "./elicitation.js";
export { mcpToolName, uniqueToolNames } from "./names.js";
export { CALLBACK_TIMEOUT_MS } from "./oauth/callback-listener.js";
export { mcpOAuthDir } from "./oauth/oauth-dir.js";
export { forgetMcpLogin, hasMcpLogin } from "./oauth/token-store.js";
export type { McpPrompt, McpPromptText } from "./prompts.js";
export { providerSchema } from "./schema.js";
export {
  type McpServerState,
  type McpServerStatus,
  McpServers,
  type McpServersOptions,
  type McpToolSelection,
} from "./servers.js";
export { mcpTimeoutFromEnvironment } from "./timeout.js";
export { definitionTokens, type McpToolSearch, TOOL_SEARCH_SHARE } from "./tool-search.js";
