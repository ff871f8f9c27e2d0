// `~` expansion lives in @gong/truncate beside GONG_HOME, which uses it; re-exported
// here because paths and allowed roots are where tool users meet it.
export type { ExpandHomeOptions, PathExpansion } from "@gong/truncate";
export { expandHome } from "@gong/truncate";
export type { ExecOperations, SpawnShellOptions } from "./bash/exec.js";
export { localExecOperations } from "./bash/exec.js";
export { ProcessGroups } from "./bash/process-groups.js";
export { groupIsAlive, signalGroup, terminateGroup } from "./bash/process-tree.js";
export type { CodingToolsOptions, ToolOperations } from "./coding-tools.js";
export { createCodingTools, createToolEnvironment } from "./coding-tools.js";
export type { FailureOptions, NextSteps, ResultExtras, ToolErrorCode } from "./core/envelope.js";
export { failure, partial, success, withNextSteps } from "./core/envelope.js";
export type { ToolEnvironment } from "./core/environment.js";
export { defineTool, runTool } from "./core/run-tool.js";
export type { FieldError } from "./core/validate.js";
export { validateParams } from "./core/validate.js";
export { writeFileAtomic } from "./fs/atomic-write.js";
export { PathChangedError } from "./fs/opened-path.js";
export type { FileOperations } from "./fs/operations.js";
export { localFileOperations } from "./fs/operations.js";
export type { FileSnapshot, ReadTracker } from "./fs/read-tracker.js";
export { changedSince, createReadTracker, sha256 } from "./fs/read-tracker.js";
export { macosPathVariants, normalizeInputPath, resolveInputPath } from "./path/normalize.js";
export type {
  DeniedPath,
  PathPolicy,
  PathPolicyOptions,
  ResolvedPath,
  ResolveOptions,
} from "./path/policy.js";
export { createPathPolicy } from "./path/policy.js";
export type { ToolName, ToolNamesResult, ToolPreset } from "./presets.js";
export {
  isToolPreset,
  resolveToolNames,
  TOOL_NAMES,
  TOOL_PRESETS,
  validateToolNames,
} from "./presets.js";
export type { SearchEngineOptions } from "./search/engine.js";
export type {
  Todo,
  TodoPriority,
  TodoSaveResult,
  TodoStatus,
  TodoStore,
} from "./todo/todo-store.js";
export { createMemoryTodoStore } from "./todo/todo-store.js";
export type {
  AskUserAnswers,
  AskUserHandler,
  AskUserQuestion,
} from "./tools/ask-user.js";
export { createAskUserTool } from "./tools/ask-user.js";
export type { BashToolOptions } from "./tools/bash.js";
export { createBashTool, DEFAULT_BASH_TIMEOUT_SECONDS } from "./tools/bash.js";
export { createEditTool } from "./tools/edit.js";
export { createFindTool, DEFAULT_FIND_LIMIT } from "./tools/find.js";
export { createGrepTool, DEFAULT_GREP_LIMIT } from "./tools/grep.js";
export { createLsTool, DEFAULT_LS_LIMIT } from "./tools/ls.js";
export { createReadTool } from "./tools/read.js";
export { createTodoWriteTool, TODO_REMINDER } from "./tools/todo-write.js";
export type {
  WebFetchToolOptions,
  WebSummarizer,
  WebSummary,
  WebSummaryRequest,
} from "./tools/web-fetch.js";
export {
  createWebFetchTool,
  WEB_FETCH_MAX_BYTES,
  WEB_FETCH_MAX_REDIRECTS,
  WEB_FETCH_TIMEOUT_MS,
} from "./tools/web-fetch.js";
export { createWriteTool } from "./tools/write.js";
export type * from "./types.js";
export { OUTPUT_LEVELS } from "./types.js";
