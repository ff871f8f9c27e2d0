/**
 * `createCodingTools` — the built-in tools wired to one path policy, one read tracker
 * and one tool-output folder, plus what the host provides (todo store, summariser,
 * a way to ask the user) — and a small registry for switching the active set at run
 * time (TOOLCFG-004).
 */
import path from "node:path";
import { BackgroundShells } from "./bash/background-shells.js";
import type { ExecOperations } from "./bash/exec.js";
import { ProcessGroups } from "./bash/process-groups.js";
import type { ToolEnvironment } from "./environment.js";
import { type FileOperations, localFileOperations } from "./fs/operations.js";
import { createReadTracker, type ReadTracker } from "./fs/read-tracker.js";
import type { HiddenPaths } from "./path/path-rules.js";
import { createPathPolicy } from "./path/policy.js";
import { isToolPreset, resolveToolNames, type ToolName } from "./presets.js";
import type { SearchEngineOptions } from "./search/engine.js";
import { createMemoryTodoStore, type TodoStore } from "./todo/todo-store.js";
import { type AskUserHandler, createAskUserTool } from "./tools/ask-user.js";
import type { BashToolOptions } from "./tools/bash.js";
import { createBashTool } from "./tools/bash.js";
import { createBashOutputTool } from "./tools/bash-output.js";
import { createEditTool } from "./tools/edit.js";
import { createFindTool } from "./tools/find.js";
import { createGrepTool } from "./tools/grep.js";
import { createKillShellTool } from "./tools/kill-shell.js";
import { createLsTool } from "./tools/ls.js";
import { createReadTool } from "./tools/read.js";
import { createTodoWriteTool } from "./tools/todo-write.js";
import { createWebFetchTool, type WebFetchToolOptions } from "./tools/web-fetch.js";
import { createWriteTool } from "./tools/write.js";
import type { Tool } from "./types.js";

export interface ToolOperations {
  /** File-system backend for read/write/edit/ls (default: the local disk). */
  fs?: FileOperations;
  /** Process backend for bash (default: local spawn). */
  exec?: ExecOperations;
  /** grep/find engine: rg/fd from PATH (default) or the Node fallback (`{ mode: "node" }`). */
  search?: SearchEngineOptions;
}

export interface CodingToolsOptions {
  /** Project root: paths resolve and are reported relative to it. */
  cwd: string;
  /** Extra folders the tools may touch (`--allow-path`, settings `allowedPaths`). */
  allowedRoots?: readonly string[];
  /**
   * Tool-output folder for bash's full logs (default `<cwd>/.tool-output`); give the
   * observation truncator's folder (`TOOL_OUTPUT_DIR`), so that every path a result
   * names is one the tools may read.
   */
  outputDir?: string;
  /**
   * Folders read, grep, find and ls may open but write and edit may not (the folders of
   * the skills in use, for their resource files). A folder that is a symbolic link is
   * not followed.
   */
  readOnlyRoots?: readonly string[];
  /**
   * Paths `Read(…)` permissions.deny rules hide (`hiddenPathsMatcher`): read, edit and write
   * refuse them, grep skips them and says how many, find and ls leave them out.
   */
  hidden?: HiddenPaths;
  /** Shell for bash (default `bash` on PATH). */
  shellPath?: string;
  /** Prepended to every bash command. */
  shellCommandPrefix?: string;
  operations?: ToolOperations;
  /** Preset name or tool names (default: the `default` preset). Invalid input throws: it is a programming error. */
  tools?: string | readonly string[];
  /** Share a read tracker with other tool sets (default: a new one). */
  readTracker?: ReadTracker;
  /** Home folder for `~` (default: the OS's). */
  home?: string;
  /**
   * The session's process groups: bash's background jobs live until its `dispose()`.
   * Without it they run until they exit on their own.
   */
  processes?: ProcessGroups;
  /**
   * The session's background shells (bash `run_in_background`, bash_output, kill_shell):
   * share one across tool sets so a shell outlives a settings reload. Default: a set of
   * this call's own. bash offers `run_in_background` only beside bash_output.
   */
  backgroundShells?: BackgroundShells;
  /** Fine-tuning for bash (kill grace, drain, tail limits). */
  bash?: Omit<
    BashToolOptions,
    "shellPath" | "shellCommandPrefix" | "exec" | "processes" | "background"
  >;
  /** Where todo_write keeps the list (default: in memory, for this process only). */
  todoStore?: TodoStore;
  /** web_fetch: allowed domains, the summarising model, proxy environment, limits. */
  webFetch?: WebFetchToolOptions;
  /**
   * How ask_user reaches the user. Without it a preset leaves ask_user out (nobody
   * could answer); named explicitly it stays and tells the model to go on alone.
   */
  askUser?: AskUserHandler;
}

/** Builds the environment the tools share; exported for callers assembling their own set. */
export function createToolEnvironment(options: CodingToolsOptions): ToolEnvironment {
  const root = path.resolve(options.cwd);
  const outputDir = path.resolve(root, options.outputDir ?? ".tool-output");
  const fs = options.operations?.fs ?? localFileOperations;
  return {
    policy: createPathPolicy({
      root,
      allowedRoots: options.allowedRoots,
      readOnlyRoots: options.readOnlyRoots,
      outputDir,
      home: options.home,
      ...(options.hidden ? { hidden: options.hidden } : {}),
      fs,
    }),
    fs,
    tracker: options.readTracker ?? createReadTracker(),
    outputDir,
  };
}

/** The built-in tools, in the order of `tools` (default: the `default` preset). */
export function createCodingTools(options: CodingToolsOptions): Tool[] {
  const requested = options.tools ?? "default";
  const selection = resolveToolNames(requested);
  if (!selection.ok) throw new Error(selection.error);
  const fromPreset = typeof requested === "string" && isToolPreset(requested);
  const names = selection.names.filter(
    (name) => name !== "ask_user" || options.askUser !== undefined || !fromPreset,
  );
  const env = createToolEnvironment(options);
  const search = options.operations?.search ?? {};
  const processes = options.processes ?? new ProcessGroups(options.bash?.killGraceMs);
  const shells = options.backgroundShells ?? new BackgroundShells({ processes });
  const limits = { maxLines: options.bash?.maxLines, maxBytes: options.bash?.maxBytes };
  const factories: Record<ToolName, () => Tool> = {
    read: () => createReadTool(env) as unknown as Tool,
    write: () => createWriteTool(env) as unknown as Tool,
    edit: () => createEditTool(env) as unknown as Tool,
    bash: () =>
      createBashTool(env, {
        ...options.bash,
        shellPath: options.shellPath,
        shellCommandPrefix: options.shellCommandPrefix,
        exec: options.operations?.exec,
        processes,
        ...(names.includes("bash_output") ? { background: shells } : {}),
      }) as unknown as Tool,
    bash_output: () => createBashOutputTool(env, shells, definedOnly(limits)) as unknown as Tool,
    kill_shell: () => createKillShellTool(shells) as unknown as Tool,
    grep: () => createGrepTool(env, search) as unknown as Tool,
    find: () => createFindTool(env, search) as unknown as Tool,
    ls: () => createLsTool(env) as unknown as Tool,
    todo_write: () =>
      createTodoWriteTool(env, options.todoStore ?? createMemoryTodoStore()) as unknown as Tool,
    web_fetch: () => createWebFetchTool(env, options.webFetch) as unknown as Tool,
    ask_user: () => createAskUserTool(options.askUser) as unknown as Tool,
  };
  return names.map((name) => factories[name]());
}

function definedOnly(limits: { maxLines?: number; maxBytes?: number }) {
  return {
    ...(limits.maxLines !== undefined ? { maxLines: limits.maxLines } : {}),
    ...(limits.maxBytes !== undefined ? { maxBytes: limits.maxBytes } : {}),
  };
}
