import type { Agent, AgentHooks } from "@gong/agent-core";
import { homeDir } from "@gong/base";
import { openSessionCheckpoints } from "@gong/checkpoints";
import {
  commandFolders,
  configFileGroups,
  hookFolders,
  isTrustedFolder,
  jobsDir,
  projectMcpJsonPath,
} from "@gong/config-files";
import type { CommandHooks } from "@gong/hooks";
import { permissionAsker } from "@gong/hooks";
import {
  type ApiKeyResolver,
  explicitApiKey,
  listRegistryModels,
  modelForRef,
  resolveModel,
} from "@gong/llm";
import type { McpServers } from "@gong/mcp";
import type { PermissionMode } from "@gong/policy";
import {
  createConfigWriteGuard,
  SessionPermissions,
  startPermissionMode,
  withCallPolicy,
} from "@gong/policy";
import type { SessionStore } from "@gong/session-store";
import { rememberChoice } from "@gong/settings";
import {
  BackgroundShells,
  endOrphanedJobs,
  JobLedger,
  ProcessGroups,
  type Tool,
  WebConnections,
} from "@gong/tools";
import type { ObservationTruncator } from "@gong/truncate";
import { createBackgroundNoticeHook } from "../agent/background-notices.js";
import { buildAgent, createTruncator } from "../agent/build-agent.js";
import { SessionRecorder } from "../agent/recorder.js";
import { SessionSystemPrompt } from "../agent/system-prompt.js";
import { PromptCommands } from "../commands/prompt-commands.js";
import { PlanMode } from "../plan/plan-mode.js";
import { SubagentEvents } from "../subagents/subagent-events.js";
import { childEnvironment } from "./child-env.js";
import { CodingSession, type CodingSessionParts } from "./coding-session.js";
import { openingWarnings } from "./opening-warnings.js";
import type { CodingSessionOptions, CreateCodingSessionResult } from "./options.js";
import { RunTally } from "./run-limits.js";
import { SessionHookModules } from "./session-hook-modules.js";
import { resolveSessionInputs, type SessionInputs } from "./session-inputs.js";
import { sessionLanguageServers } from "./session-lsp.js";
import { mcpFirstPromptWaitMs, startSessionMcpServers } from "./session-mcp.js";
import { sessionTaskTools, type TaskToolLateParts } from "./session-task-tool.js";
import { modelTools, type SessionToolKit, userBashTool, userReadTool } from "./session-tools.js";
import { createSessionCommandHooks, type HooksContext } from "./settings-command-hooks.js";
import { SettingsReloader } from "./settings-reloader.js";
import { type OpenedSession, openSessionFile, startThinkingLevel } from "./start-model.js";
import { createSubfolderContextHook } from "./subfolder-context.js";
import { SessionTodoStore } from "./todo-store.js";
import { createWebSummarizer } from "./web-summarizer.js";

/**
 * Opens a coding session: settings, session file (locked), model, tools, context files,
 * skills, hooks and the agent, wired together. Every expected failure comes back as
 * one actionable line; nothing is left locked when it fails. Either way the result
 * holds the warnings raised while opening; `onWarning` gets those raised later.
 */
export async function createCodingSession(
  options: CodingSessionOptions,
): Promise<CreateCodingSessionResult> {
  const warnings = openingWarnings(options.onWarning);
  const opened = await openCodingSession({ ...options, onWarning: warnings.warn });
  return { ...opened, warnings: warnings.opened() };
}

async function openCodingSession(
  options: CodingSessionOptions,
): Promise<OpenResult<CreateCodingSessionResult>> {
  const inputs = resolveSessionInputs(options);
  if (!inputs.ok) return inputs;
  const opened = openSessionFile(inputs.value);
  if (!opened.ok) return opened;
  // Started first, so the servers start while the rest of the session is assembled.
  const mcp = await startSessionMcpServers(inputs.value);
  try {
    // Background jobs of a gong that was killed (-9) before it could end them.
    await endOrphanedJobs(jobsFolder(inputs.value));
    return { ok: true, session: await assembleSession(inputs.value, opened.value, mcp) };
  } catch (error) {
    opened.value.store.close();
    await mcp?.close();
    throw error;
  }
}

/** A result before the opening's warnings are added. */
type OpenResult<R> = R extends unknown ? Omit<R, "warnings"> : never;

/** The agent and everything around it, for a session file that is open and locked. */
async function assembleSession(
  inputs: SessionInputs,
  opened: OpenedSession,
  mcp: McpServers | undefined,
) {
  const { options, cwd, env, warn, loaded } = inputs;
  const { context, model } = opened;
  const thinkingLevel = startThinkingLevel(inputs, opened);
  const recorder = new SessionRecorder(opened.store, context, warn); // the file's one writer
  const apiKeys = inputs.registry.apiKeyResolver(explicitApiKey(options.apiKey, model));
  const systemPrompt = sessionSystemPrompt(inputs);
  const truncator = createTruncator(cwd, env, warn);

  // web_fetch's summariser asks the model the agent runs with now (`/model` switches
  // it); the tools go into the agent, so they are built first and find it here later.
  const running: RunningParts = {};
  const planMode = sessionPlanMode(inputs, running);
  const summarize = createWebSummarizer({
    model: () => running.agent?.state.model ?? model,
    apiKey: apiKeys,
  });
  await mcp?.ready(mcpFirstPromptWaitMs(env));
  const tally = new RunTally();
  const task = sessionTask(inputs, opened, apiKeys, truncator, tally);
  const toolKit = {
    ...sessionToolKit(
      inputs,
      opened,
      recorder,
      summarize,
      mcp,
      () => (running.agent?.state.model ?? model).contextWindow,
    ),
    planMode,
    task: task.tools,
  };
  const tools = modelTools(toolKit, loaded.settings);
  // The selection was checked before the file was opened: failing here is a bug.
  if (!tools.ok) throw new Error(tools.error);

  const hooks = await sessionHooks(inputs, opened, () => planMode.mode);
  const checkpoints = sessionCheckpoints(inputs, opened, recorder);
  const agentHooks = orderedHooks(hooks, options.hooks, checkpoints.hook);
  agentHooks.push(createBackgroundNoticeHook(toolKit.backgroundShells));
  const agent = buildAgent({
    model,
    thinkingLevel,
    messages: context.messages,
    cwd,
    tools: tools.tools,
    systemPrompt,
    hooks: agentHooks,
    truncator,
    settings: loaded.settings,
    apiKeys,
    registry: inputs.registry,
    skills: inputs.skills,
    warn,
    unofferedToolReason: (toolName) => planMode.refusal(toolName),
    stopBeforeModelCall: tally.stopBeforeModelCall,
  });
  running.agent = agent;
  task.late.agent = agent;
  task.late.commandHooks = hooks.commandHooks;

  const reloader = sessionReloader(inputs, agent, toolKit, hooks, planMode);
  running.reloader = reloader;
  task.late.settings = () => reloader.current;
  // A server that was slow to start, or whose list changed: its tools from the next turn.
  mcp?.onToolsChanged(() => reloader.refreshTools());
  recorder.start(model, thinkingLevel, context); // so a resume continues with them
  return new CodingSession({
    ...sessionParts(inputs, opened.store, { agent, toolKit, reloader, recorder, hooks }),
    planMode,
    checkpoints,
    subagentEvents: task.events,
    tally,
    settingsLimits: () => reloader.current.limits,
  });
}

/** Snapshots of the project's files for `/rewind` (settings `checkpoints`, default on). */
function sessionCheckpoints(
  inputs: SessionInputs,
  opened: OpenedSession,
  recorder: SessionRecorder,
) {
  return openSessionCheckpoints({
    gongHome: inputs.where.gongHome,
    cwd: inputs.cwd,
    session: opened.store,
    recordCheckpoint: (checkpoint) => recorder.record({ type: "checkpoint", ...checkpoint }),
    env: inputs.env,
    warn: inputs.warn,
    enabled: inputs.options.snapshots !== false && (inputs.loaded.settings.checkpoints ?? true),
  });
}

/** Re-reads the settings files when they change and applies them to the running agent. */
function sessionReloader(
  inputs: SessionInputs,
  agent: Agent,
  toolKit: SessionToolKit,
  hooks: Awaited<ReturnType<typeof sessionHooks>>,
  planMode: PlanMode,
): SettingsReloader {
  const { commandHooks, hookModules, configGuard, permissions } = hooks;
  const appMode = inputs.options.appPermissionMode ?? "auto";
  return new SettingsReloader({
    defaultModeChanged: (settings) =>
      planMode.applyDefault(startPermissionMode(undefined, settings, appMode, inputs.warn)),
    agent,
    loaded: inputs.loaded,
    settingsQuery: inputs.settingsQuery,
    settingsStamps: inputs.settingsStamps,
    toolKit,
    commandHooks,
    hookModules,
    configGuard,
    permissions,
    warn: inputs.warn,
  });
}

/** The task tools, their subagents' events, and what they read once the agent exists. */
function sessionTask(
  inputs: SessionInputs,
  opened: OpenedSession,
  apiKeys: ApiKeyResolver,
  truncator: ObservationTruncator | undefined,
  tally: RunTally,
) {
  const events = new SubagentEvents();
  const late: TaskToolLateParts = {};
  const stopBeforeModelCall = tally.stopSubagentBeforeModelCall;
  const parts = {
    inputs,
    store: opened.store,
    apiKeys,
    truncator,
    events,
    late,
    stopBeforeModelCall,
  };
  return { tools: sessionTaskTools(parts), events, late };
}

/** What the parts built before the agent find once it exists. */
interface RunningParts {
  agent?: Agent;
  reloader?: SettingsReloader;
}

function sessionPlanMode(inputs: SessionInputs, running: RunningParts): PlanMode {
  const { options, loaded, warn } = inputs;
  const appMode = options.appPermissionMode ?? "auto";
  const initial = startPermissionMode(options.permissionMode, loaded.settings, appMode, warn);
  return new PlanMode({
    initial,
    pickedByUser: options.permissionMode !== undefined,
    afterPlan: appMode === "plan" ? "ask" : appMode,
    approve: options.approvePlan,
    // The model is offered the other tools from its next call on.
    onChange: () => running.reloader?.refreshTools(),
    endRun: () => running.agent?.abort(),
  });
}

/**
 * Deny rules first, so no hook runs for a refused call, and again (with ask rules) after
 * the hooks that may rewrite a call; the confirmations after those too, so they see the
 * final call, and the mode's question last (@gong/policy decide-call.ts has the whole order);
 * the app's own hooks, then the checkpoint gate: a snapshot only for a call every other
 * gate allowed.
 */
function orderedHooks(
  hooks: Awaited<ReturnType<typeof sessionHooks>>,
  appHooks: readonly AgentHooks[] | undefined,
  checkpointGate: AgentHooks,
): AgentHooks[] {
  return [
    hooks.permissions.beforeHooks,
    hooks.commandHooks,
    ...hooks.moduleHooks,
    hooks.permissions.afterHooks,
    hooks.configGuard,
    hooks.permissions.modeGate,
    hooks.subfolderContext,
    ...(appHooks ?? []),
    checkpointGate,
  ];
}

/**
 * The system prompt from the files on disk: context files are discovered again at each
 * build, so an edited AGENTS.md applies without a restart.
 */
function sessionSystemPrompt(inputs: SessionInputs): SessionSystemPrompt {
  const { cwd, options, resources, skills } = inputs;
  return new SessionSystemPrompt({
    cwd,
    gongHome: inputs.where.gongHome,
    discover: () => resources.discover(),
    skills,
    flags: {
      systemPrompt: options.systemPrompt,
      appendSystemPrompt: options.appendSystemPrompt,
      outputInstructions: options.outputInstructions,
    },
  });
}

/** Where each gong records the process groups it started (@gong/config-files paths.ts). */
function jobsFolder(inputs: SessionInputs): string {
  return jobsDir(inputs.where.gongHome);
}

function sessionToolKit(
  inputs: SessionInputs,
  { store }: OpenedSession,
  recorder: SessionRecorder,
  summarize: SessionToolKit["summarize"],
  mcp: McpServers | undefined,
  contextWindow: SessionToolKit["contextWindow"],
): Omit<SessionToolKit, "planMode"> {
  const { options } = inputs;
  const processes = new ProcessGroups(undefined, new JobLedger(jobsFolder(inputs), inputs.warn));
  return {
    cwd: inputs.cwd,
    env: inputs.env,
    apiKeyVariables: inputs.registry.apiKeyVariables(),
    ...inputs.toolFolders,
    processes,
    backgroundShells: new BackgroundShells({
      processes,
      maxShells: inputs.loaded.settings.maxBackgroundShells,
    }),
    webConnections: new WebConnections(inputs.env),
    // Restored from the branch: resume and fork keep the list.
    todoStore: new SessionTodoStore(store, recorder, store.getBranch()),
    summarize,
    askUser: options.askUser,
    fileOperations: options.fileOperations,
    execOperations: options.execOperations,
    names: options.tools,
    preset: options.preset,
    mcp,
    sandbox: inputs.sandbox.sandbox,
    contextWindow,
    lsp: sessionLanguageServers(inputs),
  };
}

/**
 * The session's permission policy, command hooks and hook modules: made once, so
 * SessionStart runs once; a settings reload reconfigures them (settings-reloader.ts).
 */
async function sessionHooks(
  inputs: SessionInputs,
  { store }: OpenedSession,
  mode: () => PermissionMode,
) {
  const { cwd, env, warn, options, loaded } = inputs;
  // Every question goes through the asker, which runs the PermissionRequest and
  // Notification hooks first; it finds the command hooks, made below, when it asks.
  let commandHooks: CommandHooks | undefined;
  const confirm = permissionAsker(() => commandHooks, options.confirmToolCall, warn);
  const permissions = new SessionPermissions({
    mode,
    cwd,
    home: homeDir(env),
    permissions: loaded.settings.permissions,
    confirmBash: loaded.settings.confirmBash,
    projectTrusted: loaded.projectTrusted,
    confirm,
    warn,
  });
  const context: HooksContext = {
    cwd,
    sessionId: store.id,
    transcriptPath: store.path,
    env: childEnvironment(
      env,
      inputs.registry.apiKeyVariables(),
      loaded.settings.passApiKeys,
      loaded.settings.env,
    ),
    warn,
    confirm,
    confirmed: permissions,
  };
  commandHooks = createSessionCommandHooks(loaded.settings.hooks, context);
  const hookModules = new SessionHookModules(inputs.resources, context);
  const folders = hookFolders({ cwd, gongHome: inputs.where.gongHome });
  const configGuard = createConfigWriteGuard({
    cwd,
    gongHome: inputs.where.gongHome,
    env,
    confirm: context.confirm,
    confirmed: context.confirmed,
    // What a settings reload would load into this session, or the next start.
    watched: [
      ...inputs.settingsStamps.files,
      folders.user,
      folders.project,
      projectMcpJsonPath(cwd),
    ],
    warn,
  });
  const moduleHooks = await hookModules.load(loaded);
  const subfolderContext = createSubfolderContextHook({ cwd, warn });
  return {
    commandHooks,
    hookModules,
    moduleHooks,
    configGuard,
    permissions,
    subfolderContext,
  };
}

/** A prompt command's `@path` read, through the policy (@gong/policy user-calls.ts). */
function withReadPolicy(read: Tool | undefined, permissions: SessionPermissions) {
  return read && withCallPolicy(read, permissions, "command");
}

/** The prompt commands of this session's folders and MCP servers. */
function sessionPromptCommands(
  inputs: SessionInputs,
  toolKit: SessionToolKit,
  agent: Agent,
  { bash, permissions }: { bash: Tool | undefined; permissions: SessionPermissions },
): PromptCommands {
  const { cwd, env, options, warn, registry } = inputs;
  const gongHome = inputs.where.gongHome;
  const commands = new PromptCommands({
    folders: commandFolders({ cwd, gongHome, env }),
    cwd,
    warn,
    // The answer the app got from the user, else the user settings (fails closed).
    trusted: () => options.trust ?? isTrustedFolder(cwd, gongHome),
    bash,
    read: withReadPolicy(userReadTool(toolKit, inputs.loaded.settings), permissions),
    mcp: toolKit.mcp,
    knowsModel: (ref) => modelForRef(registry, ref, agent.state.model) !== undefined,
    unknownTools: inputs.unknownTools,
  });
  // Read once now so the tool names Gong has not, of agents, skills and commands alike,
  // are one line at the start (unknown-tool-names.ts); each use reads the files again.
  commands.files();
  return commands;
}

function sessionParts(
  inputs: SessionInputs,
  store: SessionStore,
  parts: {
    agent: Agent;
    toolKit: SessionToolKit;
    reloader: SettingsReloader;
    recorder: SessionRecorder;
    hooks: { permissions: SessionPermissions; commandHooks: CommandHooks | undefined };
  },
): Omit<
  CodingSessionParts,
  "planMode" | "checkpoints" | "subagentEvents" | "tally" | "settingsLimits"
> {
  const { agent, toolKit, reloader, recorder } = parts;
  const { permissions } = parts.hooks;
  const userBash = userBashTool(toolKit, inputs.loaded.settings);
  return {
    agent,
    store,
    recorder,
    commandHooks: parts.hooks.commandHooks,
    processes: toolKit.processes,
    backgroundShells: toolKit.backgroundShells,
    webConnections: toolKit.webConnections,
    mcp: toolKit.mcp,
    lsp: toolKit.lsp,
    todos: toolKit.todoStore,
    applySettingsChanges: () => reloader.applyChanges(),
    cwd: inputs.cwd,
    bash: userBash && withCallPolicy(userBash, permissions, "typed"),
    models: sessionModels(inputs, agent),
    config: {
      configFiles: configFileGroups({
        cwd: inputs.cwd,
        gongHome: inputs.where.gongHome,
        modelsJsonPath: inputs.registry.modelsJsonPath,
        home: homeDir(inputs.env),
      }),
      settingsFiles: () => reloader.settingsFiles,
      sandbox: inputs.sandbox.state,
    },
    permissions,
    promptCommands: sessionPromptCommands(inputs, toolKit, agent, {
      bash: userBash && withCallPolicy(userBash, permissions, "command"),
      permissions,
    }),
  };
}

/** `session.models`: the session's registry, and the choices remembered for the next start. */
function sessionModels(inputs: SessionInputs, agent: Agent): CodingSessionParts["models"] {
  const { options, registry } = inputs;
  const settings = inputs.loaded.settings;
  return {
    // A model of another provider works as well: the agent asks for that provider's
    // key before every call (`getApiKey` in build-agent.ts).
    resolveModel: (provider, id) =>
      resolveModel(
        registry,
        {
          provider,
          model: id,
          apiKey: options.apiKey,
          baseUrl: options.baseUrl,
          current: agent.state.model,
        },
        settings,
      ),
    listModels: () => listRegistryModels(registry, options.apiKey),
    remember: async (choice) => {
      const saved = await rememberChoice(inputs.where.gongHome, choice);
      // The choice holds for this session either way; only the next start misses it.
      if (!saved.ok)
        inputs.warn(`${saved.message}; the choice is not remembered for the next start`);
    },
  };
}
