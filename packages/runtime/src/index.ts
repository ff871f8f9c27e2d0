export { type JsonFileResult, lineAndColumn, readJsonFile } from "./config/json-file.js";
export { expandHome, projectConfigDir, resolveGongHome } from "./config/paths.js";
export type { ContextFile, DiscoverResourcesOptions, Resources } from "./config/resources.js";
export { ancestorsFromRoot, discoverResources } from "./config/resources.js";
export type { LoadedSettings, LoadSettingsOptions } from "./config/settings.js";
export {
  globalSettingsPath,
  loadSettings,
  mergeSettings,
  projectSettingsPath,
} from "./config/settings.js";
export type {
  CommandHookSetting,
  CompactionSettings,
  HookMatcherSetting,
  OutputLevelSetting,
  RetrySettings,
  Settings,
  ThinkingSetting,
  ToolPresetName,
} from "./config/settings-types.js";
export { renderTokenChart, type TurnTokens } from "./export/chart.js";
export { classifyDiffLine, renderDiff } from "./export/diff.js";
export type { ExportDocument, ExportItem } from "./export/document.js";
export { renderSessionHtml, type SessionTotals, sessionTotals } from "./export/render-html.js";
export { type ListedModel, type ListModelsOptions, listModels } from "./models/list-models.js";
export {
  type ModelRequest,
  type ModelResolution,
  providerHasKey,
  resolveModel,
} from "./models/resolve-model.js";
