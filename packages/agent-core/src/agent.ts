import type {
  ImageContent,
  Message,
  Model,
  StreamFunction,
  StreamOptions,
  ThinkingLevel,
} from "@gong/llm";
import type { Tool } from "@gong/tools";
import type { ObservationTruncator } from "@gong/truncate";
import type { Span } from "@opentelemetry/api";
import { type AgentState, foldAgentState, type InternalState } from "./agent-state.js";
import { type GetApiKey, streamOptionsFor } from "./api-key.js";
import {
  CompactionController,
  type CompactionRequest,
  type CompactResult,
  compactionOutcome,
} from "./compaction/controller.js";
import type { CompactionOutcome, CompactionReason } from "./compaction/types.js";
import { DoomLoopGuard } from "./doom-loop.js";
import type { AgentEvent, AgentEventListener } from "./events.js";
import { HookRunner } from "./hooks/runner.js";
import type { AgentHooks } from "./hooks/types.js";
import type { LoopContext, RunConfig, TurnSetup } from "./loop/run-context.js";
import { runLoop } from "./loop/run-loop.js";
import { RunSystemPrompt } from "./loop/run-system-prompt.js";
import { MetricsCollector, type MetricsSnapshot } from "./observability/metrics.js";
import { endSpan, startSpan } from "./observability/tracing.js";
import type { QueuedMessages } from "./queued-messages.js";
import { type AgentSettings, type ResolvedSettings, resolveSettings } from "./settings.js";
import type { Skill } from "./skills/skill.js";
import { narrowTools, SkillSession } from "./skills/skill-session.js";
import { toUserMessage } from "./user-message.js";

export interface AgentOptions {
  model: Model;
  /**
   * `stream` from `@gong/llm` in production (its `transformMessages` repairs orphaned tool
   * calls for every request); an in-process mock in tests.
   */
  streamFn: StreamFunction;
  /**
   * The system prompt, or the one function that gives it (the runtime's: context files
   * → base prompt). Asked at the start of every run, before every LLM call (also between
   * the turns of a running tool loop) and before a compaction, so it must be cheap; a
   * run's `onBeforeAgent` hooks then rewrite what it gives (`RunSystemPrompt`).
   */
  systemPrompt?: string | SystemPromptProvider;
  thinkingLevel?: ThinkingLevel;
  tools?: Tool[];
  messages?: Message[];
  /** Working directory of tool calls (default `process.cwd()`). */
  cwd?: string;
  /** Project root, for paths in envelopes (default `cwd`). */
  projectRoot?: string;
  hooks?: AgentHooks[];
  /** Applied to every tool result after the `onToolResult` hooks (@gong/truncate's observation truncator). */
  truncator?: ObservationTruncator;
  settings?: AgentSettings;
  /** Passed to every LLM call (API key, headers, max tokens…). */
  streamOptions?: Omit<StreamOptions, "signal" | "thinking">;
  /**
   * The key for a provider, looked up before every LLM call (also for a skill's model on
   * another provider), so a refreshed or switched key is picked up.
   */
  getApiKey?: GetApiKey;
  /** Skills discovered by the runtime; adds the `skill` tool. */
  skills?: Skill[];
  /** Resolves a skill's `model` id to a model. */
  resolveModel?: (id: string) => Model | undefined;
  /**
   * Why a tool the model called is not offered now (the runtime's plan mode), read by the
   * model instead of "not found"; undefined keeps "not found".
   */
  unofferedToolReason?: (toolName: string) => string | undefined;
  /**
   * The span each run's span is a child of: a subagent's runs under the `task` call that
   * started it (the `traceSpan` a tool is called with).
   */
  parentSpan?: unknown;
  /**
   * Asked before every model call of a run: a reason (any string) ends the run there,
   * cleanly — not an error, not an abort — so the runtime's limits (`--max-turns`,
   * `--max-budget-usd`) stop before a call they would exceed.
   */
  stopBeforeModelCall?: () => string | undefined;
}

/** Gives the base system prompt as it is now (see `AgentOptions.systemPrompt`). */
export type SystemPromptProvider = () => string;

/**
 * What one prompt narrows for its own run, as an active skill would: a prompt
 * command's `allowed-tools` (names, any case; the `skill` tool stays) and `model` (an id
 * the agent's `resolveModel` knows; an active skill's model still wins).
 */
export interface PromptScope {
  allowedTools?: readonly string[];
  model?: string;
}

/** What a run starts from: its messages and system prompt (after `onBeforeAgent`). */
interface PreparedRun {
  messages: Message[];
  systemPrompt: RunSystemPrompt;
  scope?: PromptScope;
}

/** A run without `onBeforeAgent` hooks follows the agent's prompt as it is. */
const unchanged = async (base: string) => base;

/**
 * The busy rule's one wording: the agent refuses a second run with it, and the runtime and
 * every app re-use it, so a user reads the same sentence whichever layer said no.
 */
export const BUSY_MESSAGE = "A run is in progress: steer it, queue a follow-up, or abort it first.";

/**
 * A conversation with a model and its tools (docs/architecture.md, "One prompt, end to end"). One run at a time; while it
 * runs, `steer` interrupts after the current tool and `followUp` queues work for after.
 */
export class Agent {
  private readonly internal: InternalState;
  private readonly listeners: AgentEventListener[] = [];
  private readonly hooks: HookRunner;
  private settings: ResolvedSettings;
  private readonly metricsCollector = new MetricsCollector();
  private readonly compaction = new CompactionController();
  /** The compaction in progress; a prompt waits for it (test/j9-agent-regressions.test.ts 4.4). */
  private compacting: Promise<CompactResult> | undefined;
  private readonly skillSession: SkillSession | undefined;
  private steeringQueue: Message[] = [];
  private readonly steerListeners = new Set<() => void>();
  private followUpQueue: Message[] = [];
  private abortController: AbortController | undefined;
  private systemPromptProvider: SystemPromptProvider;
  private running: Promise<void> | undefined;
  private notifyChain: Promise<void> = Promise.resolve();

  constructor(private readonly options: AgentOptions) {
    this.settings = resolveSettings(options.settings);
    this.hooks = new HookRunner(options.hooks ?? [], this.settings.hookTimeoutMs, (event) => {
      // A failing onEvent is not reported back to onEvent hooks: that could loop forever.
      if (event.callback === "onEvent") this.deliver(event);
      else this.emit(event);
    });
    const given = options.systemPrompt;
    this.systemPromptProvider = typeof given === "function" ? given : () => given ?? "";
    this.skillSession = options.skills?.length
      ? new SkillSession(options.skills, () => this.internal.tools.map((tool) => tool.name))
      : undefined;
    this.internal = {
      // A provider is first asked when a run or compaction needs the prompt: the
      // runtime's reads the agent's tools, which do not exist during construction.
      systemPrompt: typeof options.systemPrompt === "string" ? options.systemPrompt : "",
      model: options.model,
      thinkingLevel: options.thinkingLevel ?? "off",
      tools: options.tools ?? [],
      messages: [...(options.messages ?? [])],
      isStreaming: false,
      isCompacting: false,
      pending: new Set(),
      error: undefined,
    };
    this.compaction.resetUsageTrust(this.internal.messages);
  }

  get state(): AgentState {
    const { pending, ...rest } = this.internal;
    return { ...rest, pendingToolCalls: new Set(pending) };
  }

  get metrics(): MetricsSnapshot {
    return this.metricsCollector.snapshot();
  }

  /** Listeners get every event synchronously, in order; returns the unsubscribe function. */
  subscribe(listener: AgentEventListener): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  /** The hooks as they are now, in order: a subagent runs under the same ones. */
  get activeHooks(): readonly AgentHooks[] {
    return this.hooks.list;
  }

  /** Adds `hook` last, or just before `before` when that hook is in the list. */
  addHook(hook: AgentHooks, before?: AgentHooks): void {
    this.hooks.add(hook, before);
  }

  removeHook(hook: AgentHooks): void {
    this.hooks.remove(hook);
  }

  /** From the next LLM call on; the change is the `model_change` event. */
  setModel(model: Model): void {
    this.apply({ type: "model_change", model });
  }

  /** From the next LLM call on; the change is the `thinking_level_change` event. */
  setThinkingLevel(level: ThinkingLevel): void {
    this.apply({ type: "thinking_level_change", thinkingLevel: level });
  }

  setTools(tools: Tool[]): void {
    this.internal.tools = tools;
  }

  /**
   * Replaces the settings (retry, compaction, output levels, timeouts…) from the next
   * run on; the conversation, metrics and compaction state stay. A run in progress
   * keeps the settings it started with.
   */
  applySettings(settings: AgentSettings): void {
    this.settings = resolveSettings(settings);
    this.hooks.setTimeoutMs(this.settings.hookTimeoutMs);
  }

  /** Replaces the system prompt (or its provider) from the next LLM call on. */
  setSystemPrompt(systemPrompt: string | SystemPromptProvider): void {
    this.systemPromptProvider =
      typeof systemPrompt === "string" ? () => systemPrompt : systemPrompt;
  }

  /** The base system prompt now: the provider is asked, and its answer is the state's. */
  private baseSystemPrompt(): string {
    this.internal.systemPrompt = this.systemPromptProvider();
    return this.internal.systemPrompt;
  }

  /**
   * Replaces the whole list (moving to another branch): `messages_replaced`, with the
   * session entry the list now ends at when the move is one in the session's tree.
   */
  replaceMessages(messages: Message[], leafId?: string | null): void {
    this.apply({
      type: "messages_replaced",
      messages,
      ...(leafId !== undefined ? { leafId } : {}),
    });
  }

  /** Queues a message that interrupts the run after the current tool call. */
  steer(message: string | Message): void {
    this.steeringQueue.push(toUserMessage(message));
    for (const listener of [...this.steerListeners]) listener();
  }

  /** Queues a message processed once the current run has nothing left to do. */
  followUp(message: string | Message): void {
    this.followUpQueue.push(toUserMessage(message));
  }

  /**
   * Stops the run. The steering and follow-up messages it had not taken yet are dropped
   * and returned, so a UI can give them back: left in the queue they were sent, unseen,
   * with the next prompt (issue 22.5).
   */
  abort(): QueuedMessages {
    const dropped = {
      steering: this.steeringQueue.splice(0),
      followUp: this.followUpQueue.splice(0),
    };
    this.abortController?.abort();
    this.compaction.abort();
    return dropped;
  }

  /** Resolves when no run (and no hook notification) is in progress. */
  async waitForIdle(): Promise<void> {
    while (this.running) await this.running;
    await this.notifyChain;
  }

  /**
   * Compacts now (`/compact`). At most one compaction at a time: a second call while one
   * runs gets `compaction_in_progress` (test/j12-compaction.test.ts 3.2).
   */
  compact(customInstructions?: string): Promise<CompactResult> {
    return this.compactNow("manual", undefined, customInstructions);
  }

  /** One compaction of the list as it is now; its events are applied like the loop's. */
  private compactNow(
    reason: CompactionReason,
    signal?: AbortSignal,
    customInstructions?: string,
  ): Promise<CompactResult> {
    const run = this.applyAll(
      this.compaction.run(this.compactionRequest(reason, signal, customInstructions)),
    ).finally(() => {
      if (this.compacting === run) this.compacting = undefined;
    });
    if (!this.compacting) this.compacting = run;
    return run;
  }

  private compactionRequest(
    reason: CompactionReason,
    signal?: AbortSignal,
    customInstructions?: string,
  ): CompactionRequest {
    return {
      reason,
      messages: this.internal.messages.slice(),
      systemPrompt: this.baseSystemPrompt(),
      model: this.internal.model,
      settings: this.settings.compaction,
      hooks: this.hooks,
      streamFn: this.options.streamFn,
      streamOptions: (model) => this.streamOptions(model),
      ...(this.options.truncator ? { truncator: this.options.truncator } : {}),
      ...(signal ? { signal } : {}),
      ...(customInstructions ? { customInstructions } : {}),
    };
  }

  /**
   * A compaction the loop asks for: the loop yields its events, so they reach the agent
   * in the same stream as the turn's. A threshold compaction with nothing new is skipped.
   */
  private async *loopCompaction(
    reason: CompactionReason,
    signal: AbortSignal,
  ): AsyncGenerator<AgentEvent, CompactionOutcome> {
    if (reason === "threshold" && this.compaction.unchangedSinceLast(this.internal.messages.length))
      return "skipped";
    return compactionOutcome(yield* this.compaction.run(this.compactionRequest(reason, signal)));
  }

  /** Applies each event a producer yields, in order; resolves to what it returns. */
  private async applyAll<R>(events: AsyncGenerator<AgentEvent, R>): Promise<R> {
    for (;;) {
      const next = await events.next();
      if (next.done) return next.value;
      this.apply(next.value);
    }
  }

  /** Whether the threshold and overflow compactions run (settings `autoCompaction`). */
  get autoCompaction(): boolean {
    return this.settings.compaction.enabled;
  }

  setAutoCompaction(enabled: boolean): void {
    this.settings.compaction = { ...this.settings.compaction, enabled };
  }

  /** The steering and follow-up messages waiting for the running loop to take them. */
  get queuedMessages(): { steering: readonly Message[]; followUp: readonly Message[] } {
    return { steering: [...this.steeringQueue], followUp: [...this.followUpQueue] };
  }

  /**
   * Adds a message to the context outside a run (an editor's `bash` command whose
   * output the model should see next turn). Rejected while a run is in progress: the
   * loop owns the message list then.
   */
  appendMessage(message: Message): void {
    if (this.running) throw new Error(BUSY_MESSAGE);
    this.apply({ type: "message_added", message });
  }

  /**
   * Runs the agent on a user message until the model stops, including every tool call
   * and follow-up (test/j9-agent-regressions.test.ts 4.7). Rejects at once if a run is already in progress (test/j9-agent-pipeline.test.ts
   * 1.7, test/j9-agent-regressions.test.ts 4.1); waits for a running compaction and then proceeds (test/j9-agent-regressions.test.ts 4.4).
   */
  prompt(
    input: string | Message | Message[],
    images: ImageContent[] = [],
    scope?: PromptScope,
  ): Promise<void> {
    if (this.running) return Promise.reject(new Error(BUSY_MESSAGE));
    return this.startRun(async () => {
      while (this.compacting) await this.compacting;
      const base = this.baseSystemPrompt();
      if (typeof input !== "string") {
        const messages = Array.isArray(input) ? input : [input];
        return { messages, systemPrompt: new RunSystemPrompt(base, base, unchanged), scope };
      }
      const accepted = await this.hooks.onInput(input, images);
      if (accepted.handled) return undefined;
      const prepared = await this.hooks.onBeforeAgent(accepted.text, base);
      return {
        messages: [...prepared.messages, toUserMessage(prepared.prompt, accepted.images)],
        systemPrompt: new RunSystemPrompt(
          base,
          prepared.systemPrompt,
          prepared.rewriteSystemPrompt,
        ),
        scope,
      };
    });
  }

  /** Continues from the current context (after an error, say) without a new message. */
  continue(): Promise<void> {
    if (this.running) return Promise.reject(new Error(BUSY_MESSAGE));
    return this.startRun(async () => {
      const base = this.baseSystemPrompt();
      return { messages: [], systemPrompt: new RunSystemPrompt(base, base, unchanged) };
    });
  }

  private startRun(prepare: () => Promise<PreparedRun | undefined>): Promise<void> {
    // Busy (and abortable) from the first moment, also while input hooks and a
    // running compaction are awaited.
    const controller = new AbortController();
    this.abortController = controller;
    this.internal.isStreaming = true;
    const run = (async () => {
      try {
        const prepared = await prepare();
        if (prepared && !controller.signal.aborted) {
          await this.runWith(controller, prepared);
        }
      } finally {
        this.internal.isStreaming = false;
        this.abortController = undefined;
      }
    })();
    // Set synchronously, before any await, so a concurrent prompt is rejected (Pi bug #403).
    this.running = run.finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async runWith(
    controller: AbortController,
    { messages: initial, systemPrompt, scope }: PreparedRun,
  ): Promise<void> {
    this.internal.error = undefined;
    const started = performance.now();
    const span = startSpan(
      "gong.agent_run",
      { "gong.model": this.internal.model.id },
      this.options.parentSpan as Span | undefined,
    );
    const doomLoop = new DoomLoopGuard(this.settings.doomLoopThreshold);
    this.emit({ type: "agent_start" });
    let turns = 0;
    let error: string | undefined;
    try {
      const internal = this.internal;
      const context: LoopContext = {
        get messages() {
          return internal.messages;
        },
        pending: [...this.steeringQueue.splice(0), ...initial],
        systemPrompt,
      };
      const config = this.runConfig(controller.signal, span, doomLoop, scope);
      const outcome = await this.applyAll(runLoop(context, config));
      turns = outcome.turns;
      error = outcome.error;
    } catch (bug) {
      // Only a bug gets here (the loop turns every expected failure into data); the
      // run still ends cleanly so the agent stays usable.
      error = `Internal error in the agent loop: ${bug instanceof Error ? (bug.stack ?? bug.message) : String(bug)}`;
      this.emit({ type: "warning", message: error });
    } finally {
      this.internal.isStreaming = false;
      this.internal.pending.clear();
      this.skillSession?.reset();
    }
    this.internal.error = error;
    // The agent's totals so far (a session may hold several runs).
    const totals = this.metricsCollector.snapshot().session;
    span.setAttributes({
      "gong.turns": turns,
      "gong.session.input_tokens": totals.inputTokens,
      "gong.session.output_tokens": totals.outputTokens,
      "gong.session.cost.usd": totals.cost,
    });
    endSpan(span, error);
    this.emit({
      type: "agent_end",
      messages: [...this.internal.messages],
      durationMs: performance.now() - started,
      turns,
    });
  }

  private runConfig(
    signal: AbortSignal,
    span: RunConfig["span"],
    doomLoop: DoomLoopGuard,
    scope: PromptScope | undefined,
  ): RunConfig {
    const cwd = this.options.cwd ?? process.cwd();
    return {
      signal,
      span,
      settings: this.settings,
      hooks: this.hooks,
      metrics: this.metricsCollector,
      doomLoop,
      streamFn: this.options.streamFn,
      truncator: this.options.truncator,
      cwd,
      projectRoot: this.options.projectRoot ?? cwd,
      unofferedToolReason: this.options.unofferedToolReason,
      stopBeforeModelCall: this.options.stopBeforeModelCall,
      baseSystemPrompt: () => this.baseSystemPrompt(),
      contextTokens: (messages, systemPrompt) =>
        this.compaction.contextTokens(messages, systemPrompt),
      turnSetup: () => this.turnSetup(scope),
      streamOptions: (model) => this.streamOptions(model),
      queue: {
        takeSteering: () => this.steeringQueue.splice(0),
        takeFollowUps: () => this.followUpQueue.splice(0),
        onSteer: (listener) => {
          this.steerListeners.add(listener);
          return () => this.steerListeners.delete(listener);
        },
      },
      compact: (reason) => this.loopCompaction(reason, signal),
    };
  }

  /** The model and tools in effect now: an active skill, then the prompt's scope, narrow them. */
  private turnSetup(scope: PromptScope | undefined): TurnSetup {
    const skills = this.skillSession;
    const id = skills?.modelId() ?? scope?.model;
    const model = (id && this.options.resolveModel?.(id)) || this.internal.model;
    const scoped = narrowTools(this.internal.tools, scope?.allowedTools);
    const tools = skills ? skills.filterTools([...scoped, skills.tool()]) : scoped;
    return { model, tools, thinkingLevel: this.internal.thinkingLevel };
  }

  /**
   * Events become state: every change of the message list (the loop's messages, a
   * compaction, a replaced branch) is an event, folded here before any listener sees it,
   * so a listener that persists at `message_end` finds the message in the state (and on
   * disk before its tools run), and the recorder folds the same events the same way.
   */
  private apply(event: AgentEvent): void {
    foldAgentState(this.internal, event);
    // What the compaction controller and the metrics keep about the list.
    if (event.type === "messages_replaced") this.compaction.resetUsageTrust(this.internal.messages);
    if (event.type === "compaction_end" && event.result) {
      this.compaction.compacted(this.internal.messages.length);
      this.metricsCollector.recordCompaction();
    }
    this.emit(event);
  }

  private streamOptions(model: Model): Promise<StreamOptions> {
    return streamOptionsFor(model, this.options.streamOptions, this.options.getApiKey);
  }

  private emit(event: AgentEvent): void {
    this.deliver(event);
    if (this.hooks.has("onEvent")) {
      this.notifyChain = this.notifyChain.then(() => this.hooks.notify(event));
    }
  }

  private deliver(event: AgentEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        // A broken listener must not break the loop or the other listeners; say so.
        process.emitWarning(
          `An agent event listener threw on ${event.type}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
