export type { AgentOptions, AgentState } from "./agent.js";
export { Agent, BUSY_ERROR } from "./agent.js";
export type { CompactionPlan, CompactOptions } from "./compaction/compact.js";
export { compactMessages, planCompaction } from "./compaction/compact.js";
export { contextTokens, shouldCompact } from "./compaction/context-tokens.js";
export type { CompactResult } from "./compaction/controller.js";
export { findCutPoint } from "./compaction/cut-point.js";
export { pruneToolOutputs } from "./compaction/prune.js";
export type { CompactionResult, CompactionSettings } from "./compaction/types.js";
export { DEFAULT_COMPACTION_SETTINGS } from "./compaction/types.js";
export type { CappedText } from "./context-cap.js";
export { capContextText } from "./context-cap.js";
export { DoomLoopGuard, doomLoopNotice } from "./doom-loop.js";
export type { AgentEvent, AgentEventListener, AssistantMessageDelta } from "./events.js";
export { DEFAULT_HOOK_TIMEOUT_MS, HookRunner } from "./hooks/runner.js";
export type {
  AgentHooks,
  BeforeAgentResult,
  InputDecision,
  SessionOp,
  SessionOpDecision,
  StopDecision,
  ToolCallDecision,
  ToolCallInfo,
} from "./hooks/types.js";
export { SKIPPED_FOR_STEERING } from "./loop/execute-tools.js";
export { repairContext } from "./loop/repair-context.js";
export type { MetricsSnapshot, SessionMetrics, ToolMetrics } from "./observability/metrics.js";
export { MetricsCollector } from "./observability/metrics.js";
export type { OutputLevelInputs } from "./output-level.js";
export { isOutputLevel, resolveOutputLevel } from "./output-level.js";
export type { RetryPolicy } from "./retry.js";
export {
  DEFAULT_RETRY_POLICY,
  isStructureError,
  resolveRetryPolicy,
  retryDelayMs,
} from "./retry.js";
export type { AgentSettings, ResolvedSettings } from "./settings.js";
export { resolveSettings } from "./settings.js";
export { MAX_SKILL_DEPTH, SkillActivationStack } from "./skills/activation-stack.js";
export type { Skill } from "./skills/skill.js";
export { formatSkillsForPrompt } from "./skills/skill.js";
export { SKILL_TOOL_NAME, SkillSession } from "./skills/skill-session.js";
export type { ContextFile, SystemPromptResources } from "./system-prompt.js";
export { buildSystemPrompt } from "./system-prompt.js";
