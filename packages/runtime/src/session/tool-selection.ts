import { MCP_CLIENT_TOOL_NAMES } from "@gong/mcp";
import type { Settings, ToolPresetName } from "@gong/settings";
import {
  type AskUserHandler,
  type BackgroundShells,
  type BashSandbox,
  createCodingTools,
  type ExecOperations,
  type FileOperations,
  type HiddenPaths,
  type ProcessGroups,
  resolveToolNames,
  type TodoStore,
  type Tool,
  type WebConnections,
  type WebSummarizer,
} from "@gong/tools";
import { resolveObservationConfig } from "@gong/truncate";
import { TASK_TOOL_NAME } from "../subagents/subagent-types.js";

export interface ToolSelection {
  /** Explicit names (`--tools`, settings `tools`); an empty list means no tools at all. */
  names: readonly string[] | undefined;
  /** Used when no names are given (`--preset`, settings `preset`; default `default`). */
  preset: ToolPresetName | undefined;
}

export interface BuildToolsOptions extends ToolSelection {
  cwd: string;
  /** Roots besides the project the tools may touch (`--allow-path` + settings). */
  allowedRoots: readonly string[];
  /** The tool-output folder, the same one the observation truncator spills to. */
  outputDir: string;
  /** Folders the read-only tools may open too: the folders of the skills in use. */
  readOnlyRoots: readonly string[];
  /** Paths `Read(…)` deny rules hide from the file tools (permissions/hidden-paths.ts). */
  hidden: HiddenPaths | undefined;
  settings: Settings;
  /** The session's process groups: bash's background jobs end with the session. */
  processes: ProcessGroups;
  /** The session's background shells, shared by every tool set. */
  backgroundShells: BackgroundShells;
  /** todo_write's list, kept with the session. */
  todoStore: TodoStore;
  /** Answers web_fetch's `prompt` with the session's model. */
  summarize: WebSummarizer;
  /** How ask_user reaches the user; without it the presets leave ask_user out. */
  askUser: AskUserHandler | undefined;
  /** Where read, write, edit and ls touch files (default: the local disk). */
  fileOperations: FileOperations | undefined;
  /** Where bash runs its commands (default: a local process). */
  execOperations: ExecOperations | undefined;
  /** HTTP_PROXY / HTTPS_PROXY / NO_PROXY for web_fetch. */
  env: NodeJS.ProcessEnv;
  /** web_fetch's HTTP client: the session's one, shared by every tool set, closed with it. */
  webConnections: WebConnections;
  /** What bash's commands inherit: `env` without gong's provider keys (child-env.ts). */
  commandEnv: NodeJS.ProcessEnv;
  /** bash's sandbox, probed at start (session-sandbox.ts); none when off. */
  sandbox: BashSandbox | undefined;
}

export type BuildToolsResult = { ok: true; tools: Tool[] } | { ok: false; error: string };

/** Checks the names or preset before anything is opened: a bad name is a usage error. */
export function checkToolSelection(selection: ToolSelection): string | undefined {
  const names = builtInNames(selection.names);
  if (names !== undefined && names.length === 0) return undefined;
  const resolved = resolveToolNames(names ?? selection.preset ?? "default");
  return resolved.ok ? undefined : resolved.error;
}

/**
 * The built-in tools of an explicit list: `mcp__…` names (and the MCP client's own
 * tools) are MCP tools, offered when a server has them, and `task` is the runtime's own
 * (session-tools.ts): both unknown to the built-in presets.
 */
function builtInNames(names: readonly string[] | undefined): string[] | undefined {
  return names?.filter((name) => !isMcpToolName(name) && name !== TASK_TOOL_NAME);
}

function isMcpToolName(name: string): boolean {
  return name.startsWith("mcp__") || MCP_CLIENT_TOOL_NAMES.includes(name);
}

/** settings `webFetch.allowedDomains`; a list that is not all strings allows nothing (fail closed). */
function allowedDomains(settings: Settings): { allowedDomains?: string[] } {
  const domains: unknown = settings.webFetch?.allowedDomains;
  if (domains === undefined) return {};
  const valid = Array.isArray(domains) && domains.every((domain) => typeof domain === "string");
  return { allowedDomains: valid ? domains : [] };
}

/**
 * The cap on bash's log is the truncator's cap on every spill file (`TOOL_OUTPUT_MAX_FILE_BYTES`);
 * an invalid value is reported by the truncator and leaves the default here.
 */
function bashLogCap(cwd: string, env: NodeJS.ProcessEnv): { maxLogBytes?: number } {
  const config = resolveObservationConfig({ rootDir: cwd }, env);
  return config.ok ? { maxLogBytes: config.config.maxFileBytes } : {};
}

/** The session's tool set: names win over the preset; settings can switch web_fetch off. */
export function buildTools(options: BuildToolsOptions): BuildToolsResult {
  const names = builtInNames(options.names);
  if (names !== undefined && names.length === 0) return { ok: true, tools: [] };
  const error = checkToolSelection(options);
  if (error) return { ok: false, error };
  const { settings } = options;
  const tools = createCodingTools({
    cwd: options.cwd,
    tools: names ?? options.preset ?? "default",
    allowedRoots: options.allowedRoots,
    outputDir: options.outputDir,
    readOnlyRoots: options.readOnlyRoots,
    ...(options.hidden ? { hidden: options.hidden } : {}),
    processes: options.processes,
    backgroundShells: options.backgroundShells,
    bash: {
      ...bashLogCap(options.cwd, options.env),
      env: options.commandEnv,
      ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    },
    todoStore: options.todoStore,
    askUser: options.askUser,
    operations: {
      ...(options.fileOperations ? { fs: options.fileOperations } : {}),
      ...(options.execOperations ? { exec: options.execOperations } : {}),
    },
    webFetch: {
      summarize: options.summarize,
      env: options.env,
      connections: options.webConnections,
      ...allowedDomains(settings),
    },
    ...(settings.shellPath ? { shellPath: settings.shellPath } : {}),
    ...(settings.shellCommandPrefix ? { shellCommandPrefix: settings.shellCommandPrefix } : {}),
  });
  const webFetchOff = settings.webFetch?.enabled === false;
  return { ok: true, tools: webFetchOff ? tools.filter((t) => t.name !== "web_fetch") : tools };
}
