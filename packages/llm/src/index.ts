export { getRegisteredApis, registerApi } from "./api-registry.js";
// One validation path for every configuration file (settings.json, hooks, models.json,
// SKILL.md front matter); here because llm is the lowest package that reads one.
export type {
  JsonConfig,
  ParseJsonConfigResult,
  ReadJsonConfigResult,
} from "./config-files/json-config.js";
export {
  parseJsonConfig,
  readJsonConfigFile,
  setJsonConfigValue,
} from "./config-files/json-config.js";
export type { ConfigPosition } from "./config-files/position.js";
export { positionAt } from "./config-files/position.js";
export type {
  ConfigIssue,
  ConfigPath,
  ConfigSchemaOptions,
  Locate,
  ValidatedConfig,
} from "./config-files/validate-config.js";
export { formatConfigIssue, validateConfig } from "./config-files/validate-config.js";
export type { ClassifiedError } from "./errors/classify.js";
export { classifyError, readRetryAfter } from "./errors/classify.js";
export { isContextOverflow, OVERFLOW_PATTERNS, promptTokens } from "./errors/overflow.js";
export type { AssistantMessageEventSource } from "./event-stream.js";
export { createAssistantMessageEventStream } from "./event-stream.js";
export { isRecord } from "./is-record.js";
export type { ApiKeyResult, ResolvedApiKey } from "./models/api-keys.js";
export { apiKeyEnvNames, environmentApiKey, missingApiKeyMessage } from "./models/api-keys.js";
export type { ProviderInfo } from "./models/catalog.js";
export type { UsageTotals } from "./models/cost.js";
export { addUsage, calculateCost, emptyUsage, emptyUsageTotals } from "./models/cost.js";
export type { ModelsJsonError, ModelsJsonModel, ModelsJsonProvider } from "./models/models-json.js";
export { ModelsJsonSchema } from "./models/models-json.js";
export type {
  ApiKeyResolver,
  ExplicitApiKey,
  ModelRegistry,
  ModelRegistryOptions,
} from "./models/registry.js";
export { createModelRegistry, getModel, getModels, getProviders } from "./models/registry.js";
export { parsePartialJson } from "./partial-json.js";
export type { OpenAICompat } from "./providers/openai-compat.js";
export { COMPAT_PROFILES, resolveCompat } from "./providers/openai-compat.js";
export { DEFAULT_IDLE_TIMEOUT_MS } from "./providers/run-stream.js";
export { complete, stream } from "./stream.js";
export {
  estimateMessageTokens,
  estimateTextTokens,
  estimateTokens,
  IMAGE_TOKENS,
} from "./tokens.js";
export {
  BRANCH_SUMMARY_PREFIX,
  branchSummaryText,
  COMPACTION_SUMMARY_PREFIX,
  compactionSummaryText,
  extractCompactionSummary,
} from "./transform/compaction-summary.js";
export { normalizeContent } from "./transform/content.js";
export { NO_RESULT_TEXT, repairOrphanedToolCalls } from "./transform/orphans.js";
export type { ToolCallIdFormat } from "./transform/tool-call-ids.js";
export { normalizeToolCallId, toolCallIdFormat } from "./transform/tool-call-ids.js";
export { transformMessages } from "./transform/transform-messages.js";
export type * from "./types.js";
export { THINKING_LEVELS } from "./types.js";
