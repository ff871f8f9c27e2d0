// The types an app needs to drive a session, so apps depend on the runtime alone.
export type { AgentHooks, ToolCallDecision } from "@gong/agent-core";
export type { ImageContent, Message, Model, ThinkingLevel, ToolResultMessage } from "@gong/llm";
// The allowed values of the flags and commands both apps take, so neither keeps a copy.
export { THINKING_LEVELS } from "@gong/llm";
export type { SessionInfo } from "@gong/session-store";
// What a host implements to answer ask_user (CodingSessionOptions.askUser).
export type { AskUserAnswers, AskUserHandler, AskUserQuestion } from "@gong/tools";
// A file backend for the tools (CodingSessionOptions.fileOperations): an app overrides
// some methods and keeps the local disk for the rest.
// `~` expansion is one helper for every package (in @gong/truncate, re-exported by
// @gong/tools); re-exported here for runtime users who expand settings paths the same way.
export {
  expandHome,
  type FileOperations,
  localFileOperations,
  OUTPUT_LEVELS,
  TOOL_PRESETS,
} from "@gong/tools";
export {
  globalSettingsPath,
  projectConfigDir,
  projectSettingsPath,
  resolveGongHome,
} from "./config/paths.js";
export type { ContextFile, DiscoverResourcesOptions, Resources } from "./config/resources.js";
export { ancestorsFromRoot, discoverResources } from "./config/resources.js";
export type { LoadedSettings, LoadSettingsOptions } from "./config/settings.js";
export { loadSettings, mergeSettings } from "./config/settings.js";
export type {
  CommandHookSetting,
  CompactionOverrides,
  HookMatcherSetting,
  OutputLevelSetting,
  RetrySettings,
  Settings,
  ThinkingSetting,
  ToolPresetName,
  WebFetchSettings,
} from "./config/settings-types.js";
export { isTrustedFolder, TRUST_REQUIRED_KEYS, trustFolder } from "./config/trust.js";
export { renderTokenChart, type TurnTokens } from "./export/chart.js";
export { classifyDiff, type DiffLine, type DiffLineKind, renderDiff } from "./export/diff.js";
export type { ExportDocument, ExportItem } from "./export/document.js";
export {
  type ExportSessionOptions,
  type ExportSessionResult,
  exportSessionHtml,
} from "./export/export-session.js";
export {
  documentFromEntries,
  type ExportableEntry,
  type ExportableHeader,
} from "./export/from-session.js";
export { renderSessionHtml, type SessionTotals, sessionTotals } from "./export/render-html.js";
export { matchesTool, toClaudeToolName } from "./hooks/claude-tool-names.js";
export type {
  CommandHookEntry,
  CommandHookEvent,
  CommandHookMatcher,
  CommandHooks,
  CommandHooksConfig,
  CommandHooksOptions,
  ToolConfirmation,
  ToolConfirmationRequest,
} from "./hooks/command-hooks.js";
export { createCommandHooks } from "./hooks/command-hooks.js";
export { CommandHooksSchema } from "./hooks/hooks-schema.js";
export type { LoadedHookModules } from "./hooks/load-modules.js";
export { loadHookModules } from "./hooks/load-modules.js";
export {
  ANY_MODEL,
  type ListedModel,
  type ListModelsOptions,
  listModels,
} from "./models/list-models.js";
export {
  type ModelRequest,
  type ModelResolution,
  providerHasKey,
  resolveModel,
} from "./models/resolve-model.js";
export { CodingSession, finalText, type UserBashResult } from "./session/coding-session.js";
export { createCodingSession } from "./session/create-session.js";
export { type ListSessionsForCwdOptions, listSessionsForCwd } from "./session/list-sessions.js";
export type {
  CodingSessionError,
  CodingSessionEvent,
  CodingSessionOptions,
  CreateCodingSessionResult,
  RunOutcome,
  SessionChoice,
  SessionHeaderLine,
} from "./session/options.js";
export { SessionHost, type SwitchResult } from "./session/session-host.js";
export { TODOS_CUSTOM_TYPE, todosFileFor } from "./session/todo-store.js";
export type { ParseSkillResult } from "./skills/parse-skill.js";
export { parseSkillMarkdown } from "./skills/parse-skill.js";
export { toJsonLine } from "./wire/json-line.js";
