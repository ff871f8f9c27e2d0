import {
  type AgentEvent,
  type AgentHooks,
  type AgentState,
  buildSystemPrompt,
  type ContextFile,
} from "@gong/agent-core";
import type { SubagentInfo } from "@gong/hooks";
import {
  type ApiKeyResolver,
  type AssistantMessage,
  addUsage,
  emptyUsageTotals,
  type Model,
  type ModelRegistry,
  modelForRef,
  type UsageTotals,
} from "@gong/llm";
import type { SessionStore } from "@gong/session-store";
import type { Settings } from "@gong/settings";
import type { Tool } from "@gong/tools";
import type { ObservationTruncator } from "@gong/truncate";
import { BACKGROUND_NOTICE_HOOK } from "../agent/background-notices.js";
import { buildAgent } from "../agent/build-agent.js";
import { SessionRecorder } from "../agent/recorder.js";
import type { SubagentEvents } from "./subagent-events.js";
import { type SubagentType, TASK_TOOL_NAME } from "./subagent-types.js";

export const DEFAULT_MAX_TURNS = 50;

/** What every subagent of a session shares with its parent. */
export interface SubagentHost {
  cwd: string;
  /** The parent agent as it is now: its model, thinking level and tools. */
  parent: () => Pick<AgentState, "model" | "thinkingLevel" | "tools">;
  /**
   * The parent's hooks for this subagent: its hook modules and confirmations, and its
   * command hooks in their subagent form (SubagentStart, SubagentStop).
   */
  hooks: (subagent: SubagentInfo) => readonly AgentHooks[];
  truncator: ObservationTruncator | undefined;
  settings: () => Settings;
  apiKeys: ApiKeyResolver;
  registry: ModelRegistry;
  /** The context files as they are on disk now. */
  contextFiles: () => ContextFile[];
  /** A new transcript for the call (a file beside the parent's, or memory only). */
  openTranscript: (toolCallId: string) => SessionStore;
  events: SubagentEvents;
  warn: (message: string) => void;
  /** The parent run's budget (session/run-limits.ts): a subagent's calls spend it too. */
  stopBeforeModelCall?: () => string | undefined;
}

export interface SubagentRequest {
  type: SubagentType;
  prompt: string;
  toolCallId: string;
  signal: AbortSignal | undefined;
  /** Each event of the subagent, after its transcript has it. */
  onEvent?: (event: AgentEvent) => void;
  /** The task call's trace span: the subagent's runs are its children. */
  traceSpan?: unknown;
}

export interface SubagentOutcome {
  /** `ok` the subagent answered; else why it did not. */
  ending: "ok" | "failed" | "aborted" | "max_turns";
  answer: string;
  /** One line when the ending is not `ok`. */
  error?: string;
  turns: number;
  toolCalls: number;
  usage: UsageTotals;
  /** `provider/id` it ran on (undefined when its model was not found). */
  model?: string;
  /** The transcript file (undefined with `--no-session`). */
  transcript?: string;
}

/**
 * Tools that belong to the session, not to whoever calls them: a subagent never starts
 * subagents, and never replaces the session's todo list (its UI shows the parent's plan).
 */
const SESSION_TOOLS = new Set([TASK_TOOL_NAME, "todo_write"]);

/** bash's background shells are read and ended with these: they come with bash only. */
const BASH_COMPANIONS = new Set(["bash_output", "kill_shell"]);

/**
 * The parent's tools the type gets: never a session tool, never one the parent lacks,
 * and bash's companions only beside bash (an agent without bash has no shells to read).
 */
export function subagentTools(type: SubagentType, parentTools: readonly Tool[]): Tool[] {
  const tools = parentTools.filter(
    (tool) =>
      !SESSION_TOOLS.has(tool.name) &&
      (!type.readOnly || tool.readOnly === true) &&
      (type.tools === undefined || type.tools.includes(tool.name)) &&
      !type.disallowedTools?.includes(tool.name),
  );
  if (tools.some((tool) => tool.name === "bash")) return tools;
  return tools.filter((tool) => !BASH_COMPANIONS.has(tool.name));
}

/**
 * Runs one subagent to its end: a fresh agent (its system prompt, the context files and
 * the task prompt — nothing of the parent's history) with the parent's cwd, hooks,
 * truncator and settings, recorded to its own transcript as it goes. Never throws for
 * an expected failure: the outcome says how it ended.
 */
export async function runSubagent(
  host: SubagentHost,
  request: SubagentRequest,
): Promise<SubagentOutcome> {
  const parent = host.parent();
  const model = modelFor(host, request.type, parent.model);
  const tally = new Tally();
  if (!model) {
    const error = `Unknown model "${request.type.model}" in agent ${request.type.name}`;
    return tally.outcome("failed", "", error, undefined);
  }
  const store = host.openTranscript(request.toolCallId);
  try {
    const outcome = await runIn(store, host, request, { model, parent, tally });
    // Its usage counts under this model in the session's per-model totals (/usage).
    return { ...outcome, model: `${model.provider}/${model.id}` };
  } finally {
    store.close();
  }
}

async function runIn(
  store: SessionStore,
  host: SubagentHost,
  request: SubagentRequest,
  run: { model: Model; parent: ReturnType<SubagentHost["parent"]>; tally: Tally },
): Promise<SubagentOutcome> {
  const { model, parent, tally } = run;
  const recorder = new SessionRecorder(store, { messages: [], entryIds: [] }, host.warn);
  // The transcript names its model first, as the agent's own change would.
  recorder.onEvent({ type: "model_change", model });
  const settings = host.settings();
  const agent = buildAgent({
    model,
    thinkingLevel: parent.thinkingLevel,
    messages: [],
    cwd: host.cwd,
    tools: subagentTools(request.type, parent.tools),
    systemPrompt: { systemPrompt: (tools) => subagentPrompt(host, request.type, tools) },
    // The exits of background shells are the parent's to hear (background-notices.ts).
    hooks: host
      .hooks({
        agentId: request.toolCallId,
        agentType: request.type.name,
        transcriptPath: store.path ?? "",
      })
      .filter((hook) => hook.name !== BACKGROUND_NOTICE_HOOK),
    truncator: host.truncator,
    settings,
    apiKeys: host.apiKeys,
    registry: host.registry,
    skills: [],
    warn: host.warn,
    parentSpan: request.traceSpan,
    ...(host.stopBeforeModelCall ? { stopBeforeModelCall: host.stopBeforeModelCall } : {}),
  });
  const maxTurns = settings.subagents?.maxTurns ?? DEFAULT_MAX_TURNS;
  let limitHit = false;
  agent.subscribe((event) => {
    recorder.onEvent(event);
    tally.count(event);
    if (event.type === "turn_start" && tally.turns > maxTurns && !limitHit) {
      limitHit = true;
      agent.abort();
    }
    host.events.emit({ ...event, parentToolCallId: request.toolCallId });
    request.onEvent?.(event);
  });
  const abort = () => agent.abort();
  request.signal?.addEventListener("abort", abort, { once: true });
  try {
    if (!request.signal?.aborted) await agent.prompt(request.prompt);
  } catch (error) {
    return tally.outcome("failed", "", (error as Error).message, store.path);
  } finally {
    request.signal?.removeEventListener("abort", abort);
    await agent.waitForIdle();
  }
  if (limitHit) {
    const error = `The subagent reached subagents.maxTurns (${maxTurns}) before it finished`;
    return tally.outcome("max_turns", tally.answer, error, store.path);
  }
  if (request.signal?.aborted)
    return tally.outcome("aborted", tally.answer, "The run was aborted", store.path);
  const failed = agent.state.error ?? tally.last?.errorMessage;
  if (failed !== undefined || tally.last?.stopReason === "error" || !tally.last)
    return tally.outcome("failed", "", failed ?? "The subagent gave no answer", store.path);
  return tally.outcome("ok", tally.answer, undefined, store.path);
}

/** Notes already given per session: an alias that fell back is said once, not per task. */
const notedBySession = new WeakMap<SubagentHost, Set<string>>();

function modelFor(host: SubagentHost, type: SubagentType, parentModel: Model): Model | undefined {
  if (type.model === undefined) return parentModel;
  const found = modelForRef(host.registry, type.model, parentModel);
  if (found?.note !== undefined) {
    const noted = notedBySession.get(host) ?? new Set<string>();
    notedBySession.set(host, noted);
    if (!noted.has(found.note)) host.warn(found.note);
    noted.add(found.note);
  }
  return found?.model;
}

/** An agent file's body replaces the base prompt; the built-in types add their instructions. */
function subagentPrompt(host: SubagentHost, type: SubagentType, tools: readonly Tool[]): string {
  return buildSystemPrompt({
    tools,
    cwd: host.cwd,
    contextFiles: host.contextFiles(),
    ...(type.systemPrompt !== undefined ? { customPrompt: type.systemPrompt } : {}),
    ...(type.appendPrompt !== undefined ? { appendPrompt: type.appendPrompt } : {}),
  });
}

/** What a subagent did, counted from its events. */
class Tally {
  turns = 0;
  toolCalls = 0;
  readonly usage = emptyUsageTotals();
  last: AssistantMessage | undefined;

  count(event: AgentEvent): void {
    if (event.type === "turn_start") this.turns++;
    if (event.type === "tool_execution_start") this.toolCalls++;
    if (event.type === "message_end" && !event.discarded && event.message.role === "assistant") {
      this.last = event.message;
      addUsage(this.usage, event.message.usage);
    }
  }

  /** The text of the last answer. */
  get answer(): string {
    const parts = this.last?.content ?? [];
    return parts
      .flatMap((part) => (part.type === "text" ? [part.text] : []))
      .join("")
      .trim();
  }

  outcome(
    ending: SubagentOutcome["ending"],
    answer: string,
    error: string | undefined,
    transcript: string | undefined,
  ): SubagentOutcome {
    return {
      ending,
      answer,
      ...(error !== undefined ? { error } : {}),
      turns: this.turns,
      toolCalls: this.toolCalls,
      usage: this.usage,
      ...(transcript !== undefined ? { transcript } : {}),
    };
  }
}
