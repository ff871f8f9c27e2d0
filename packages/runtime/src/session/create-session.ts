import path from "node:path";
import { Agent, type AgentSettings } from "@gong/agent-core";
import { createModelRegistry, formatConfigIssue, stream, type ThinkingLevel } from "@gong/llm";
import type { SessionContext } from "@gong/session-store";
import { expandHome, ProcessGroups } from "@gong/tools";
import {
  createObservationTruncator,
  type ObservationTruncator,
  resolveObservationConfig,
  resolveOutputDir,
} from "@gong/truncate";
import { FileStamps } from "../config/file-stamps.js";
import {
  globalSettingsPath,
  homeDir,
  projectSettingsPath,
  resolveGongHome,
} from "../config/paths.js";
import { discoverResources, systemPromptFiles } from "../config/resources.js";
import { type LoadedSettings, loadSettings } from "../config/settings.js";
import type { Settings } from "../config/settings-types.js";
import { untrustedFolderWarning } from "../config/trust.js";
import type { CommandHooksConfig } from "../hooks/command-hooks.js";
import { listRegistryModels } from "../models/list-models.js";
import {
  explicitApiKey,
  findModel,
  type ModelResolution,
  resolveModel,
} from "../models/resolve-model.js";
import { CodingSession } from "./coding-session.js";
import { createSessionCommandHooks, loadSessionHookModules } from "./command-hooks.js";
import { loadSkills } from "./load-skills.js";
import { effectiveChoice, openStore, storeFailure } from "./open-store.js";
import type {
  CodingSessionError,
  CodingSessionOptions,
  CreateCodingSessionResult,
} from "./options.js";
import { SessionRecorder } from "./recorder.js";
import { resolveSessionDir } from "./session-dir.js";
import { assembleSystemPrompt, flagFiles, missingPromptFile } from "./system-prompt.js";
import { SystemPromptSource } from "./system-prompt-source.js";
import { SessionTodoStore } from "./todo-store.js";
import { buildTools, checkToolSelection } from "./tools.js";
import { createWebSummarizer } from "./web-summarizer.js";

/**
 * Opens a coding session: settings, session file (locked), model, tools, context files,
 * skills, hooks and the agent, wired together. Every expected failure comes back as
 * one actionable line; nothing is left locked when it fails.
 */
export async function createCodingSession(
  options: CodingSessionOptions,
): Promise<CreateCodingSessionResult> {
  const env = options.env ?? process.env;
  const cwd = path.resolve(options.cwd);
  const gongHome = options.gongHome ?? resolveGongHome(env);
  const warn = options.onWarning ?? (() => {});
  const allowPaths = resolveAllowPaths(options.allowPaths ?? [], cwd, env);
  if (!allowPaths.ok)
    return failure({ code: "invalid_path", message: allowPaths.error, usage: true });

  // Stamped before the first read: at each prompt a stat per settings file decides
  // whether they are read again (an edit landing during this read is still noticed).
  const settingsStamps = new FileStamps([globalSettingsPath(gongHome), projectSettingsPath(cwd)]);
  // Trust is decided again at each reload: trusting the folder applies at the next prompt.
  const readSettings = () =>
    loadSettings({
      cwd,
      gongHome,
      env,
      overrides: flagSettings(options, allowPaths.paths),
      projectTrusted: options.trust,
    });
  const loaded = readSettings();
  for (const warning of loaded.warnings) warn(warning);
  const settings = loaded.settings;

  const registry = createModelRegistry({ gongHome, env });
  for (const error of registry.errors) warn(formatConfigIssue(error.path, error));

  // Resources are discovered again before turns; a file skipped or cut is said once.
  const reported = new Set<string>();
  const discover = () => {
    const resources = discoverResources({ cwd, gongHome });
    for (const warning of resources.warnings) {
      if (!reported.has(warning)) warn(warning);
      reported.add(warning);
    }
    return resources;
  };
  const skills = loadSkills(discover().skillDirs, warn);
  // Every path a tool result names must be readable by the next call: bash's log and
  // spilled results (the truncator's folder), a skill's resource files (seed 004).
  const toolFolders = {
    outputDir: resolveOutputDir(cwd, env),
    readOnlyRoots: skills.flatMap((skill) => (skill.baseDir ? [skill.baseDir] : [])),
  };
  // Checked before the session file is opened: a mistyped tool leaves nothing behind.
  const toolError = checkToolSelection({
    names: options.tools ?? settings.tools,
    preset: options.preset ?? settings.preset,
  });
  if (toolError) return failure({ code: "unknown_tool", message: toolError, usage: true });

  const promptFileError = missingPromptFile(options, cwd);
  if (promptFileError)
    return failure({ code: "prompt_file_not_found", message: promptFileError, usage: true });

  const sessionDir = resolveSessionDir(cwd, options.sessionDir, settings);
  const where = { cwd, gongHome, sessionDir, env, warn };
  const choice = effectiveChoice(options.session ?? { kind: "new" }, where);

  const pickModel = (context: SessionContext | undefined) => {
    // Flags win; a resumed session keeps the model it last used; then settings.
    const named = options.provider !== undefined || options.model !== undefined;
    return resolveModel(
      registry,
      {
        provider: options.provider ?? (named ? undefined : context?.model?.provider),
        model: options.model ?? (named ? undefined : context?.model?.modelId),
        apiKey: options.apiKey,
        baseUrl: options.baseUrl,
      },
      settings,
    );
  };
  // A new session file is created only once the model is known, so a missing key or a
  // mistyped model leaves no empty session behind.
  const early = choice.kind === "open" ? undefined : pickModel(undefined);
  if (early && !early.ok) return failure(modelFailure(early));

  const opened = openStore(choice, where);
  if (!opened.ok) return failure(storeFailure(opened.error));
  const store = opened.value;

  try {
    const context: SessionContext = store.buildContext();
    const resolved = early ?? pickModel(context);
    if (!resolved.ok) {
      store.close();
      return failure(modelFailure(resolved));
    }
    const model = resolved.model;
    if (options.thinking && options.thinking !== "off" && !model.reasoning)
      warn(
        `${model.provider}/${model.id} does not support reasoning; --thinking ${options.thinking} is ignored.`,
      );
    const apiKeys = registry.apiKeyResolver(explicitApiKey(options.apiKey, model));
    const resumed = context.messages.length > 0;
    const thinkingLevel: ThinkingLevel =
      options.thinking ??
      (resumed ? context.thinkingLevel : undefined) ??
      settings.defaultThinkingLevel ??
      "off";

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
        fileOperations: options.fileOperations,
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
      if (!settingsStamps.changed()) return;
      const next = readSettings();
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

    // Record what the session runs with, so a resume continues with the same model.
    if (context.model?.provider !== model.provider || context.model?.modelId !== model.id) {
      store.appendModelChange(model.provider, model.id);
    }
    if (!resumed ? thinkingLevel !== "off" : context.thinkingLevel !== thinkingLevel) {
      store.appendThinkingLevelChange(thinkingLevel);
    }
    const recorder = new SessionRecorder(store, context, () => agent.state.messages, warn);
    // The user's own commands (`runBash`) run with the session's shell settings.
    const userBash = buildTools({
      cwd,
      processes,
      todoStore,
      summarize,
      askUser: undefined,
      // bash reads and writes through its process, never through the file backend.
      fileOperations: undefined,
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
    return { ok: true, session };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** The flags that are settings too; they win over both settings files. */
function flagSettings(options: CodingSessionOptions, allowPaths: string[]): Settings {
  const overrides: Settings = { ...options.settings };
  if (allowPaths.length > 0) overrides.allowedPaths = allowPaths;
  if (options.outputLevel) overrides.outputLevel = options.outputLevel;
  return overrides;
}

/** `--allow-path` values as absolute paths; a quoted `~user/x` is expanded, never guessed. */
function resolveAllowPaths(
  inputs: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { ok: true; paths: string[] } | { ok: false; error: string } {
  const paths: string[] = [];
  for (const input of inputs) {
    const expanded = expandHome(input, { home: homeDir(env) });
    if (!expanded.ok) return { ok: false, error: `--allow-path ${input}: ${expanded.error}` };
    paths.push(path.resolve(cwd, expanded.path));
  }
  return { ok: true, paths };
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

type ModelFailure = Extract<ModelResolution, { ok: false }>;

function modelFailure({ code, message, usage }: ModelFailure): CodingSessionError {
  return { code, message, usage };
}

function failure(error: CodingSessionError): CreateCodingSessionResult {
  return { ok: false, error };
}
