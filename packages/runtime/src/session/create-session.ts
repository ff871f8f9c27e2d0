import { Agent, type AgentSettings } from "@gong/agent-core";
import { stream } from "@gong/llm";
import { ProcessGroups } from "@gong/tools";
import {
  createObservationTruncator,
  type ObservationTruncator,
  resolveObservationConfig,
} from "@gong/truncate";
import { systemPromptFiles } from "../config/resources.js";
import { type LoadedSettings, loadSettings } from "../config/settings.js";
import type { Settings } from "../config/settings-types.js";
import { untrustedFolderWarning } from "../config/trust.js";
import type { CommandHooksConfig } from "../hooks/command-hooks.js";
import { listRegistryModels } from "../models/list-models.js";
import { explicitApiKey, findModel, resolveModel } from "../models/resolve-model.js";
import { CodingSession } from "./coding-session.js";
import { createSessionCommandHooks, loadSessionHookModules } from "./command-hooks.js";
import type { CodingSessionOptions, CreateCodingSessionResult } from "./options.js";
import { SessionRecorder } from "./recorder.js";
import { resolveSessionInputs, type SessionInputs } from "./session-inputs.js";
import {
  type OpenedSession,
  openSessionFile,
  recordStart,
  startThinkingLevel,
} from "./start-model.js";
import { assembleSystemPrompt, flagFiles } from "./system-prompt.js";
import { SystemPromptSource } from "./system-prompt-source.js";
import { SessionTodoStore } from "./todo-store.js";
import { buildTools } from "./tools.js";
import { createWebSummarizer } from "./web-summarizer.js";

/**
 * Opens a coding session: settings, session file (locked), model, tools, context files,
 * skills, hooks and the agent, wired together. Every expected failure comes back as
 * one actionable line; nothing is left locked when it fails.
 */
export async function createCodingSession(
  options: CodingSessionOptions,
): Promise<CreateCodingSessionResult> {
  const inputs = resolveSessionInputs(options);
  if (!inputs.ok) return inputs;
  const opened = openSessionFile(inputs.value);
  if (!opened.ok) return opened;
  try {
    return { ok: true, session: await assembleSession(inputs.value, opened.value) };
  } catch (error) {
    opened.value.store.close();
    throw error;
  }
}

async function assembleSession(inputs: SessionInputs, opened: OpenedSession) {
  const { options, cwd, env, warn, loaded, registry, skills, toolFolders } = inputs;
  const { store, context, model } = opened;
  const settings = loaded.settings;
  const gongHome = inputs.where.gongHome;
  const thinkingLevel = startThinkingLevel(inputs, opened);
  const apiKeys = registry.apiKeyResolver(explicitApiKey(options.apiKey, model));
  const discover = () => inputs.resources.discover();

  const flags = {
    systemPrompt: options.systemPrompt,
    appendSystemPrompt: options.appendSystemPrompt,
  };
  const promptSource = new SystemPromptSource(
    [...systemPromptFiles({ cwd, gongHome }), ...flagFiles(flags, cwd)],
    (currentTools) => assembleSystemPrompt(cwd, discover(), currentTools, skills, flags),
  );
  const truncator = createTruncator(cwd, env, warn);

  // Every tool set the session builds (settings reloads too) shares these: the
  // session's close ends every background job any of them started, and todo_write's
  // list (restored from the branch: resume and fork keep it) is one list.
  const processes = new ProcessGroups();
  const todoStore = new SessionTodoStore(store, store.getBranch());
  let session: CodingSession | undefined;
  const summarize = createWebSummarizer({
    model: () => session?.model ?? model,
    apiKey: apiKeys,
  });
  const toolsFor = (current: Settings) =>
    buildTools({
      cwd,
      processes,
      todoStore,
      summarize,
      askUser: options.askUser,
      env,
      ...toolFolders,
      names: options.tools ?? current.tools,
      preset: options.preset ?? current.preset,
      allowedRoots: current.allowedPaths ?? [],
      settings: current,
    });
  const tools = toolsFor(settings);
  // The selection was checked before the file was opened: failing here is a bug.
  if (!tools.ok) throw new Error(tools.error);

  const hookContext = {
    cwd,
    sessionId: store.id,
    transcriptPath: store.path,
    env,
    warn,
    ...(options.confirmToolCall ? { confirm: options.confirmToolCall } : {}),
  };
  const commandHooks = createSessionCommandHooks(settings.hooks, hookContext);
  let lastTrustWarning: string | undefined;
  /** The hook modules these settings allow: project ones only in a trusted folder. */
  const hookModuleFiles = (loadedNow: LoadedSettings): string[] => {
    const { hookFiles, projectHookFiles } = discover();
    const trusted = loadedNow.projectTrusted;
    // One line for everything an untrusted folder was denied; not repeated at each reload.
    const trustWarning = untrustedFolderWarning(
      loadedNow.untrustedKeys,
      trusted ? 0 : projectHookFiles.length,
    );
    if (trustWarning && trustWarning !== lastTrustWarning) warn(trustWarning);
    lastTrustWarning = trustWarning;
    return trusted ? [...hookFiles, ...projectHookFiles] : hookFiles;
  };
  let moduleFiles = hookModuleFiles(loaded);
  let moduleHooks = await loadSessionHookModules(moduleFiles, hookContext);
  let toolSet = tools.tools;
  const agent: Agent = new Agent({
    model,
    streamFn: stream,
    systemPrompt: promptSource.current(toolSet),
    thinkingLevel,
    tools: toolSet,
    messages: context.messages,
    cwd,
    projectRoot: cwd,
    hooks: [commandHooks, ...moduleHooks, ...(options.hooks ?? [])],
    truncator,
    settings: agentSettings(settings),
    // The SDKs' own log lines (deprecations, dropped chunks) become runtime warnings.
    streamOptions: { onWarning: (message) => warn(message) },
    // Asked before every call, so the key follows a skill's or `/model`'s switch to
    // another provider and `--api-key` never leaves its own (item 5).
    getApiKey: apiKeys,
    skills,
    resolveModel: (ref) => findModel(registry, ref, agent.state.model.provider),
    // Before every LLM call: edited context files apply at the next turn, also
    // inside a running tool loop (a stat per candidate file when nothing changed).
    refreshSystemPrompt: () => promptSource.ifChanged(toolSet),
  });

  // Settings edited while the session is open apply from the next prompt, to the
  // same agent: its conversation, metrics and compaction state stay, and the session's
  // hooks are reconfigured rather than recreated (SessionStart runs once).
  let fingerprint = JSON.stringify(loaded);
  const applySettingsChanges = async (): Promise<void> => {
    if (!inputs.settingsStamps.changed()) return;
    const next = loadSettings(inputs.settingsQuery);
    const nextFingerprint = JSON.stringify(next);
    if (nextFingerprint === fingerprint) return;
    fingerprint = nextFingerprint;
    for (const warning of next.warnings) warn(warning);
    const nextTools = toolsFor(next.settings);
    if (!nextTools.ok) {
      warn(`${nextTools.error} The settings change was not applied.`);
      return;
    }
    toolSet = nextTools.tools;
    agent.setTools(toolSet);
    agent.setSystemPrompt(promptSource.current(toolSet));
    agent.applySettings(agentSettings(next.settings));
    commandHooks.setConfig((next.settings.hooks ?? {}) as CommandHooksConfig);
    // Trusting the folder mid-session adds the project's hook modules; modules already
    // loaded keep their state.
    const files = hookModuleFiles(next);
    if (files.join("\n") !== moduleFiles.join("\n")) {
      for (const hook of moduleHooks) agent.removeHook(hook);
      moduleFiles = files;
      moduleHooks = await loadSessionHookModules(files, hookContext);
      for (const hook of moduleHooks) agent.addHook(hook);
    }
  };

  recordStart(opened, thinkingLevel);
  const recorder = new SessionRecorder(store, context, () => agent.state.messages, warn);
  // The user's own commands (`runBash`) run with the session's shell settings.
  const userBash = buildTools({
    cwd,
    processes,
    todoStore,
    summarize,
    askUser: undefined,
    env,
    ...toolFolders,
    names: ["bash"],
    preset: undefined,
    allowedRoots: settings.allowedPaths ?? [],
    settings,
  });
  session = new CodingSession({
    agent,
    store,
    recorder,
    processes,
    todos: todoStore,
    applySettingsChanges,
    cwd,
    ...(userBash.ok ? { bash: userBash.tools[0] } : {}),
    // A model of another provider works as well: the agent asks for that provider's
    // key before every call (`getApiKey` above).
    resolveModel: (provider, id) =>
      resolveModel(
        registry,
        { provider, model: id, apiKey: options.apiKey, baseUrl: options.baseUrl },
        settings,
      ),
    listModels: () => listRegistryModels(registry, options.apiKey),
  });
  return session;
}

function agentSettings(settings: Settings): AgentSettings {
  const out: AgentSettings = {};
  if (settings.retry) out.retry = settings.retry;
  const compaction = {
    ...settings.compaction,
    ...(settings.autoCompaction === false ? { enabled: false } : {}),
  };
  if (Object.keys(compaction).length > 0) out.compaction = compaction;
  if (settings.outputLevel) out.outputLevel = settings.outputLevel;
  if (settings.toolOutputLevels) out.toolOutputLevels = settings.toolOutputLevels;
  if (settings.parallelReadOnlyTools !== undefined)
    out.parallelReadOnlyTools = settings.parallelReadOnlyTools;
  if (settings.streamIdleTimeoutMs !== undefined)
    out.streamIdleTimeoutMs = settings.streamIdleTimeoutMs;
  return out;
}

function createTruncator(
  cwd: string,
  env: NodeJS.ProcessEnv,
  warn: (m: string) => void,
): ObservationTruncator | undefined {
  const config = resolveObservationConfig({ rootDir: cwd }, env);
  if (!config.ok) {
    warn(`${config.error}; tool output is not truncated until it is fixed`);
    return undefined;
  }
  return createObservationTruncator(config.config);
}
