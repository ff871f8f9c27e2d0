export {
  forgetAgentWrites,
  recordAgentWrites,
  refusedAgentWrites,
} from "./agent-written.js";
export type { ConfigFileGroup } from "./config-file-groups.js";
export { configFileGroups } from "./config-file-groups.js";
export { commandNamesGongConfig, isGongConfigPath } from "./config-paths.js";
export type { ConfigLocation } from "./context-paths.js";
export {
  ancestorsFromRoot,
  CONTEXT_FILE_NAMES,
  skillFolders,
  systemPromptFiles,
} from "./context-paths.js";
export { FileStamps, stampText } from "./file-stamps.js";
export { formatConfigIssue } from "./format-issue.js";
export type { FrontMatter } from "./front-matter.js";
export { parseFrontMatter, toolListField } from "./front-matter.js";
export type { JsonConfig, ParseJsonConfigResult, ReadJsonConfigResult } from "./json-config.js";
export { parseJsonConfig, readJsonConfigFile, setJsonConfigValue } from "./json-config.js";
export type { ImportRules } from "./memory-imports.js";
export { realOrSelf, resolveImports } from "./memory-imports.js";
export {
  globalSettingsPath,
  hookFolders,
  jobsDir,
  projectConfigDir,
  projectLocalSettingsPath,
  projectMcpJsonPath,
} from "./paths.js";
export type { ConfigPosition } from "./position.js";
export { positionAt } from "./position.js";
export {
  fillPlaceholders,
  hasPlaceholders,
  splitArguments,
} from "./prompt-commands/arguments.js";
export {
  type CommandFolder,
  commandFolders,
  loadPromptCommands,
} from "./prompt-commands/load-commands.js";
export {
  type ParseCommandResult,
  type PromptCommand,
  parsePromptCommand,
} from "./prompt-commands/parse-command.js";
export { readRegularFile } from "./read-regular-file.js";
export type { SettingsSource } from "./settings-sources.js";
export { settingsFilePaths, settingsSources } from "./settings-sources.js";
export type { TrustFolderResult, UntrustedSetting } from "./trust.js";
export {
  isTrustedFolder,
  TRUST_REQUIRED_KEYS,
  trustFolder,
  untrustedFolderWarning,
} from "./trust.js";
export { UnknownToolNames } from "./unknown-tool-names.js";
export type { UserSettingsEdit, UserSettingsWrite } from "./user-settings-writer.js";
export {
  editJsonConfigFile,
  editUserSettings,
  isOwnSettingsWrite,
} from "./user-settings-writer.js";
export type { ConfigIssue, ConfigPath, ValidatedConfig } from "./validate-config.js";
export { validateConfig } from "./validate-config.js";
