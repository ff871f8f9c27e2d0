import { Agent, type AgentHooks, type AgentSettings, type Skill } from "@gong/agent-core";
import {
  type ApiKeyResolver,
  type Message,
  type Model,
  type ModelRegistry,
  modelForRef,
  stream,
  type ThinkingLevel,
} from "@gong/llm";
import type { Settings } from "@gong/settings";
import type { Tool } from "@gong/tools";
import {
  createObservationTruncator,
  type ObservationTruncator,
  resolveObservationConfig,
} from "@gong/truncate";
import type { SessionSystemPrompt } from "./system-prompt.js";

/** What the session's agent is made of. */
export interface AgentParts {
  model: Model;
  thinkingLevel: ThinkingLevel;
  messages: Message[];
  cwd: string;
  tools: Tool[];
  /** The session's (system-prompt.ts) or a subagent's (subagents/run-subagent.ts). */
  systemPrompt: Pick<SessionSystemPrompt, "systemPrompt">;
  /** In order: the command hooks, the hook modules, the app's own hooks. */
  hooks: AgentHooks[];
  truncator: ObservationTruncator | undefined;
  settings: Settings;
  apiKeys: ApiKeyResolver;
  registry: ModelRegistry;
  skills: Skill[];
  warn: (message: string) => void;
  /** Why a tool the model called is not offered now (plan mode). */
  unofferedToolReason?: (toolName: string) => string | undefined;
  /** A subagent's: the trace span of the task call that runs it. */
  parentSpan?: unknown;
  /** The run's limits (run-limits.ts): asked before every model call. */
  stopBeforeModelCall?: () => string | undefined;
}

export function buildAgent(parts: AgentParts): Agent {
  const { systemPrompt, registry } = parts;
  const noted = new Set<string>();
  const agent: Agent = new Agent({
    model: parts.model,
    streamFn: stream,
    // Asked before every LLM call: edited context files apply at the next turn, also
    // inside a running tool loop (a stat per candidate file when nothing changed). The
    // tools are the agent's current ones: a settings reload may have replaced them.
    systemPrompt: () => systemPrompt.systemPrompt(agent.state.tools),
    thinkingLevel: parts.thinkingLevel,
    tools: parts.tools,
    messages: parts.messages,
    cwd: parts.cwd,
    projectRoot: parts.cwd,
    hooks: parts.hooks,
    truncator: parts.truncator,
    settings: agentSettings(parts.settings),
    // The SDKs' own log lines (deprecations, dropped chunks) become runtime warnings.
    streamOptions: { onWarning: (message) => parts.warn(message) },
    // Asked before every call, so the key follows a skill's or `/model`'s switch to
    // another provider and `--api-key` never leaves its own (apps/cli/test/api-key-follows-model.test.ts).
    getApiKey: parts.apiKeys,
    skills: parts.skills,
    resolveModel: (ref) => {
      const found = modelForRef(registry, ref, agent.state.model);
      // An alias the provider has no model for (`sonnet` on OpenAI) is said once.
      if (found?.note !== undefined && !noted.has(found.note)) parts.warn(found.note);
      if (found?.note !== undefined) noted.add(found.note);
      return found?.model;
    },
    ...(parts.unofferedToolReason ? { unofferedToolReason: parts.unofferedToolReason } : {}),
    ...(parts.parentSpan !== undefined ? { parentSpan: parts.parentSpan } : {}),
    ...(parts.stopBeforeModelCall ? { stopBeforeModelCall: parts.stopBeforeModelCall } : {}),
  });
  return agent;
}

/** The agent's share of the settings (retry, compaction, output levels, timeouts). */
export function agentSettings(settings: Settings): AgentSettings {
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

/** A broken truncation config is reported, not fatal: the session runs without cutting output. */
export function createTruncator(
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
