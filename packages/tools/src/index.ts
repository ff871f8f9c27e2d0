// `~` expansion lives in @gong/base beside GONG_HOME, which uses it; re-exported
// here because paths and allowed roots are where tool users meet it.
export { expandHome } from "@gong/base";
export type { BackgroundShellInfo } from "./bash/background-shells.js";
export { BackgroundShells, shortCommand } from "./bash/background-shells.js";
export type { CommandPrograms, SimpleCommand } from "./bash/command-programs.js";
export { commandPrograms } from "./bash/command-programs.js";
export type { ExecOperations } from "./bash/exec.js";
export { localExecOperations, shellArgv } from "./bash/exec.js";
export { endOrphanedJobs, JobLedger } from "./bash/job-ledger.js";
export { ProcessGroups } from "./bash/process-groups.js";
export { signalGroup, terminateGroup } from "./bash/process-tree.js";
export { shellQuote } from "./bash/shell-quote.js";
// Claude Code's tool and parameter names mapped to ours (hooks, agent files, permission rules).
export {
  claudeToolNames,
  fromClaudeToolInput,
  fromClaudeToolName,
  isBuiltInToolName,
  matchesTool,
  toClaudeToolInput,
  toClaudeToolName,
} from "./claude-tool-names.js";
export type { ToolOperations } from "./coding-tools.js";
export { createCodingTools } from "./coding-tools.js";
export { failure, progress, success } from "./core/envelope.js";
export { defineTool, runTool } from "./core/run-tool.js";
export { writeFileAtomic } from "./fs/atomic-write.js";
export { withFolderHeld } from "./fs/held-folder.js";
export { PathChangedError } from "./fs/opened-path.js";
export type { FileOperations } from "./fs/operations.js";
export { localFileOperations } from "./fs/operations.js";
export { resolveInputPath } from "./path/normalize.js";
export type { HiddenPathRule, HiddenPaths, PathRuleScope } from "./path/path-rules.js";
export { hiddenPathsMatcher, pathRuleCovers, realPathLenient } from "./path/path-rules.js";
export { createPathPolicy } from "./path/policy.js";
export type { ToolPreset } from "./presets.js";
export { resolveToolNames, TOOL_NAMES, TOOL_PRESETS, validateToolNames } from "./presets.js";
export type { BashSandbox, SandboxMode } from "./sandbox/sandbox-argv.js";
export { SANDBOX_MODES } from "./sandbox/sandbox-argv.js";
export { probeSandbox } from "./sandbox/sandbox-probe.js";
export { detectSearchBinaries } from "./search/binaries.js";
export { findPaths } from "./search/find-paths.js";
// The browser-safe half is published alone as `@gong/tools/summary` (the web page, the export).
export {
  keyArgumentSummary,
  TOOL_SUMMARIES,
  type ToolSummary,
  toolCallSummary,
} from "./summary/tool-summary.js";
export type { Todo, TodoSaveResult, TodoStore } from "./todo/todo-store.js";
export type { AskUserAnswers, AskUserHandler, AskUserQuestion } from "./tools/ask-user.js";
export type { WebSummarizer } from "./tools/web-fetch.js";
export type * from "./types.js";
export { OUTPUT_LEVELS } from "./types.js";
export { WebConnections } from "./web/web-connections.js";
