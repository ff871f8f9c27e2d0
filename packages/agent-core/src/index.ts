export type { AgentOptions, PromptScope, SystemPromptProvider } from "./agent.js";
export { Agent, BUSY_MESSAGE } from "./agent.js";
export type { AgentState } from "./agent-state.js";
export { compactMessages } from "./compaction/compact.js";
export type { CompactResult } from "./compaction/controller.js";
export { compactionDetail } from "./compaction/describe.js";
export type { CompactionResult, CompactionSettings } from "./compaction/types.js";
export { capContextText } from "./context-cap.js";
export type { AgentEvent, AssistantMessageDelta } from "./events.js";
export { foldHistory } from "./history.js";
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
export type { MetricsSnapshot } from "./observability/metrics.js";
export { PartialMessage } from "./partial-message.js";
export { type QueuedMessages, queuedMessageText } from "./queued-messages.js";
export type { AgentSettings } from "./settings.js";
export type { Skill } from "./skills/skill.js";
export type { ContextFile } from "./system-prompt.js";
export { buildSystemPrompt } from "./system-prompt.js";
