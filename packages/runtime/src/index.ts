// The types an app needs to drive a session, so apps depend on the runtime alone.
export type { AgentHooks, QueuedMessages, ToolCallDecision } from "@gong/agent-core";
/** The busy rule, re-used from agent-core so every layer refuses a busy session alike. */
export {
  BUSY_MESSAGE,
  compactionDetail,
  PartialMessage,
  queuedMessageText,
} from "@gong/agent-core";
export type {
  NotificationType,
  SessionEndReason,
} from "@gong/hooks";
export type { ImageContent, Message, ThinkingLevel, ToolResultMessage } from "@gong/llm";
// A compaction's summary message, recognised where an app shows a stored conversation.
// The allowed values of the flags and commands both apps take (tests pin the apps' lists).
export { extractCompactionSummary, THINKING_LEVELS } from "@gong/llm";
export type { ServerStatus as LanguageServerStatus } from "@gong/lsp";
export type { McpServerEntry, McpServerStatus } from "@gong/mcp";
// The session tree `CodingSession.tree()` returns (`/tree`).
export type { ModelUsage, SessionInfo, SessionTreeNode } from "@gong/session-store";
// What a host implements to answer ask_user (CodingSessionOptions.askUser), and a file
// backend for the tools (CodingSessionOptions.fileOperations): an app overrides some
// methods and keeps the local disk for the rest.
export type {
  AskUserAnswers,
  AskUserHandler,
  AskUserQuestion,
  ToolResponse,
} from "@gong/tools";
// bash's background shells as the UIs list them (`CodingSession.backgroundShells`).
// `~` expansion is one helper for every package (in @gong/base, re-exported by
// @gong/tools); re-exported here for runtime users who expand settings paths the same way.
// `findPaths`: the find tool's search (fd or the Node walk, .gitignore respected), for an
// app's file completion (`@` in gong's editor).
export {
  type BackgroundShellInfo,
  type BackgroundShells,
  type ExecOperations,
  expandHome,
  type FileOperations,
  findPaths,
  localFileOperations,
  OUTPUT_LEVELS,
  shellArgv,
  shortCommand,
  TOOL_PRESETS,
  withFolderHeld,
} from "@gong/tools";
export { collapseAttachedFiles } from "./commands/file-mentions.js";
export type { PromptCommandInfo } from "./commands/prompt-commands.js";
export type { ExportSessionResult, ExportWriteOptions } from "./export/export-session.js";
export { exportSessionHtml } from "./export/export-session.js";
export { SESSION_MODES, type SessionMode } from "./plan/plan-mode.js";
// The objects a CodingSession's capabilities are found on (README "Driving a session").
export type { Checkpoints } from "./session/checkpoints.js";
export {
  CodingSession,
  finalText,
  type PromptOptions,
  type RunOptions,
} from "./session/coding-session.js";
export type { CompactionControl } from "./session/compaction.js";
export type { SessionConfig } from "./session/config.js";
export { createCodingSession } from "./session/create-session.js";
export { guardExit, SIGNAL_EXIT_CODES } from "./session/exit-guard.js";
export type { SessionFile } from "./session/file.js";
export {
  findSavedSession,
  listAllSavedSessions,
  listSessionsForCwd,
} from "./session/list-sessions.js";
export type { LspControl } from "./session/lsp.js";
export type { McpControl } from "./session/mcp.js";
export type { ModeSwitch } from "./session/mode.js";
export type { SessionModels } from "./session/models.js";
export type {
  CodingSessionError,
  CodingSessionEvent,
  CodingSessionOptions,
  RunOutcome,
  SessionChoice,
} from "./session/options.js";
export {
  loadOutputSchema,
  type OutputSchema,
  runForTypedOutput,
  type TypedRunOutcome,
} from "./session/output-schema.js";
export type { SessionProcesses } from "./session/processes.js";
export type { LimitReason, RunLimits, RunTotals } from "./session/run-limits.js";
export { SessionHost, type SwitchResult } from "./session/session-host.js";
export type { SessionTree } from "./session/tree.js";
export type { SubagentEvent } from "./subagents/subagent-events.js";
