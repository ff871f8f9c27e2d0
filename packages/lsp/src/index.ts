export type { DiagnosticSeverity, FileDiagnostic } from "./diagnostic.js";
export { diagnosticLine } from "./diagnostics-block.js";
export {
  type ChangeDiagnostics,
  DIAGNOSTICS_WAIT_MS,
  LanguageServers,
  type LanguageServersOptions,
  type ServerState,
  type ServerStatus,
} from "./language-servers.js";
export { createLspTool, LSP_OPERATIONS, type LspToolOptions } from "./lsp-tool.js";
export {
  BUILT_IN_SERVERS,
  type LanguageServerEntry,
  type LanguageServerSetting,
  languageServerEntries,
} from "./server-entries.js";
export { LanguageServerSettingsSchema } from "./settings-schema.js";
export { withLanguageServers } from "./with-language-servers.js";
