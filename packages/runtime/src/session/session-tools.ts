import { homeDir } from "@gong/base";
import { estimateTextTokens } from "@gong/llm";
import { createLspTool, type LanguageServers, withLanguageServers } from "@gong/lsp";
import type { McpServers } from "@gong/mcp";
import { readDenyRules } from "@gong/policy";
import type { Settings, ToolPresetName } from "@gong/settings";
import type {
  AskUserHandler,
  BackgroundShells,
  BashSandbox,
  ExecOperations,
  FileOperations,
  ProcessGroups,
  Tool,
  WebConnections,
  WebSummarizer,
} from "@gong/tools";
import { hiddenPathsMatcher } from "@gong/tools";
import type { PlanMode } from "../plan/plan-mode.js";
import { childEnvironment } from "./child-env.js";
import type { SessionTaskTools } from "./session-task-tool.js";
import type { SessionTodoStore } from "./todo-store.js";
import { type BuildToolsResult, buildTools } from "./tool-selection.js";

/**
 * What every tool set of one session shares (each settings reload builds a new set):
 * the session's close ends every background job any of them started and web_fetch's
 * connections, and todo_write's list is one list.
 */
export interface SessionToolKit {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The provider key variables bash must not inherit (the model registry's). */
  apiKeyVariables: readonly string[];
  outputDir: string;
  readOnlyRoots: readonly string[];
  processes: ProcessGroups;
  /** bash's background shells (run_in_background, bash_output, kill_shell): one per session. */
  backgroundShells: BackgroundShells;
  webConnections: WebConnections;
  todoStore: SessionTodoStore;
  summarize: WebSummarizer;
  askUser: AskUserHandler | undefined;
  /** Where the file tools read and write (an editor's buffers over ACP); default the disk. */
  fileOperations: FileOperations | undefined;
  /** Where the model's bash commands run (an editor's terminal over ACP); default locally. */
  execOperations: ExecOperations | undefined;
  /** `--tools` and `--preset`: they win over every settings file. */
  names: readonly string[] | undefined;
  preset: ToolPresetName | undefined;
  /** The session's MCP servers: their tools come after the built-in ones. */
  mcp: McpServers | undefined;
  /** bash's sandbox, for the model's commands and the user's own alike; none when off. */
  sandbox: BashSandbox | undefined;
  /** Plan mode narrows what the model is offered (plan/plan-mode.ts). */
  planMode: PlanMode;
  /** The task tool (session-task-tool.ts): offered by the default preset or by name. */
  task?: SessionTaskTools;
  /** The running model's context window: too many MCP tools for it become `mcp_tool_search`. */
  contextWindow: () => number;
  /** The language servers: edit and write report their diagnostics; the `lsp` tool asks them. */
  lsp?: LanguageServers;
}

/** The model's tools under these settings. */
export function modelTools(kit: SessionToolKit, settings: Settings): BuildToolsResult {
  const names = kit.names ?? settings.tools;
  const preset = kit.preset ?? settings.preset;
  const built = buildTools({
    ...shared(kit, settings),
    askUser: kit.askUser,
    fileOperations: kit.fileOperations,
    execOperations: kit.execOperations,
    names,
    preset,
  });
  if (!built.ok) return built;
  const task = kit.planMode.mode === "plan" ? kit.task?.readOnly : kit.task?.tool;
  const builtIn = withLanguageServerTools(kit, settings, built.tools, names, preset);
  const withTask = task && offersTask(names, preset) ? [...builtIn, task] : builtIn;
  if (!kit.mcp) return { ok: true, tools: kit.planMode.offered(withTask) };
  // An explicit list offers the MCP tools it names; `readonly` only those a server marks
  // read-only; the other presets all of them.
  const mcpTools = kit.mcp.tools({
    ...(names !== undefined ? { names } : {}),
    ...(names === undefined && preset === "readonly" ? { readOnlyOnly: true } : {}),
    toolSearch: { contextWindow: kit.contextWindow(), countTokens: estimateTextTokens },
  });
  return { ok: true, tools: kit.planMode.offered([...withTask, ...mcpTools]) };
}

/**
 * The built-in tools with the language servers wired in: edit and write (and bash, read)
 * through `withLanguageServers` — the tools themselves know nothing of them — and the
 * `lsp` tool while a server is available for the project (default and readonly presets).
 */
function withLanguageServerTools(
  kit: SessionToolKit,
  settings: Settings,
  tools: Tool[],
  names: readonly string[] | undefined,
  preset: ToolPresetName | undefined,
): Tool[] {
  const servers = kit.lsp;
  if (!servers) return tools;
  const wrapped = tools.map((tool) => withLanguageServers(tool, servers, kit.cwd));
  const offered = names === undefined && (preset ?? "default") !== "minimal";
  if (!offered || !servers.available()) return wrapped;
  const lsp = createLspTool({
    cwd: kit.cwd,
    allowedRoots: settings.allowedPaths ?? [],
    servers,
    // A navigation request may wait for a cold project to load; never less than an edit's wait.
    boundMs: Math.max(10_000, servers.diagnosticsWaitMs),
  });
  return [...wrapped, lsp as unknown as Tool];
}

/** `task` comes with the default preset, or when a list names it. */
function offersTask(
  names: readonly string[] | undefined,
  preset: ToolPresetName | undefined,
): boolean {
  return names === undefined ? (preset ?? "default") === "default" : names.includes("task");
}

/** The bash tool the user's own commands (`runBash`) run with: the session's shell settings. */
export function userBashTool(kit: SessionToolKit, settings: Settings): Tool | undefined {
  const built = buildTools({
    ...shared(kit, settings),
    askUser: undefined,
    // bash reads and writes through its process, never through the file backend; the
    // user's own commands run where the user is, not in the editor's terminal.
    fileOperations: undefined,
    execOperations: undefined,
    names: ["bash"],
    preset: undefined,
  });
  return built.ok ? built.tools[0] : undefined;
}

/**
 * The read tool a prompt's `@path` is read with: the model's own path policy and cut,
 * through the same file backend (an editor's buffers over ACP).
 */
export function userReadTool(kit: SessionToolKit, settings: Settings): Tool | undefined {
  const built = buildTools({
    ...shared(kit, settings),
    askUser: undefined,
    fileOperations: kit.fileOperations,
    execOperations: undefined,
    names: ["read"],
    preset: undefined,
  });
  return built.ok ? built.tools[0] : undefined;
}

function shared(kit: SessionToolKit, settings: Settings) {
  return {
    cwd: kit.cwd,
    env: kit.env,
    commandEnv: childEnvironment(kit.env, kit.apiKeyVariables, settings.passApiKeys, settings.env),
    outputDir: kit.outputDir,
    readOnlyRoots: kit.readOnlyRoots,
    processes: kit.processes,
    backgroundShells: kit.backgroundShells,
    webConnections: kit.webConnections,
    todoStore: kit.todoStore,
    summarize: kit.summarize,
    allowedRoots: settings.allowedPaths ?? [],
    hidden: hiddenPathsMatcher(readDenyRules(settings.permissions), {
      cwd: kit.cwd,
      home: homeDir(kit.env),
    }),
    settings,
    sandbox: kit.sandbox,
  };
}
