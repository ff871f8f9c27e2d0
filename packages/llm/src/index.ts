export { getRegisteredApis, registerApi } from "./api-registry.js";
export { ABORTED_BY_USER } from "./errors/aborted.js";
export { classifyError, readRetryAfter } from "./errors/classify.js";
export { isContextOverflow, OVERFLOW_PATTERNS, promptTokens } from "./errors/overflow.js";
export { createAssistantMessageEventStream } from "./event-stream.js";
export {
  apiKeyEnvNames,
  environmentApiKey,
  missingApiKeyMessage,
  sendsStandardKeyTo,
} from "./models/api-keys.js";
export { OPENAI_COMPATIBLE } from "./models/catalog.js";
export type { UsageTotals } from "./models/cost.js";
export { addUsage, calculateCost, emptyUsage, emptyUsageTotals } from "./models/cost.js";
export {
  ANY_MODEL,
  type ListedAlias,
  type ListedModel,
  type ListModelsOptions,
  listModels,
  listRegistryModels,
} from "./models/list-models.js";
export {
  INHERIT_MODEL,
  isModelAlias,
  MODEL_ALIASES,
  type ModelAlias,
} from "./models/model-aliases.js";
export type { ApiKeyResolver, ExplicitApiKey, ModelRegistry } from "./models/registry.js";
export { createModelRegistry, getModel, getModels, getProviders } from "./models/registry.js";
export {
  explicitApiKey,
  type ModelDefaults,
  type ModelErrorCode,
  type ModelRequest,
  type ModelResolution,
  modelForRef,
  resolveModel,
} from "./models/resolve-model.js";
export { COMPAT_PROFILES, resolveCompat } from "./openai-compat.js";
export { parsePartialJson } from "./partial-json.js";
export { complete, stream } from "./stream.js";
export {
  estimateMessageTokens,
  estimateTextTokens,
  estimateTokens,
  IMAGE_TOKENS,
} from "./tokens.js";
export {
  branchSummaryText,
  COMPACTION_SUMMARY_PREFIX,
  compactionSummaryText,
  extractCompactionSummary,
} from "./transform/compaction-summary.js";
export { normalizeContent } from "./transform/content.js";
export { NO_RESULT_TEXT, repairOrphanedToolCalls } from "./transform/orphans.js";
export { normalizeToolCallId, toolCallIdFormat } from "./transform/tool-call-ids.js";
export { transformMessages } from "./transform/transform-messages.js";
export type * from "./types.js";
export { THINKING_LEVELS } from "./types.js";
