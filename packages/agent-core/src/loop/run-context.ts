import type { Message, Model, StreamFunction, StreamOptions, ThinkingLevel } from "@gong/llm";
import type { Tool } from "@gong/tools";
import type { ObservationTruncator } from "@gong/truncate";
import type { Span } from "@opentelemetry/api";
import type { CompactionOutcome, CompactionReason } from "../compaction/types.js";
import type { DoomLoopGuard } from "../doom-loop.js";
import type { AgentEvent } from "../events.js";
import type { HookRunner } from "../hooks/runner.js";
import type { MetricsCollector } from "../observability/metrics.js";
import type { ResolvedSettings } from "../settings.js";
import type { RunSystemPrompt } from "./run-system-prompt.js";

/**
 * What a run starts from. The loop is a generator the agent drives: it resumes only after
 * the agent folded the event it yielded, so `messages` (a read-only view of the agent's
 * list) already holds every message the loop ended.
 */
export interface LoopContext {
  readonly messages: readonly Message[];
  /** What the first turn announces: the steering queued before the run, then the prompt. */
  readonly pending: readonly Message[];
  /** The run's system prompt: its `onBeforeAgent` hooks' rewrite of the agent's base prompt. */
  readonly systemPrompt: RunSystemPrompt;
}

/** The model, tools and thinking level of the next LLM call (a skill or the prompt's scope narrows them). */
export interface TurnSetup {
  readonly model: Model;
  readonly tools: Tool[];
  readonly thinkingLevel: ThinkingLevel;
}

/** The user's messages queued while the run goes on. */
export interface RunQueue {
  takeSteering(): Message[];
  /** Calls `listener` when a steering message is queued; returns the unsubscribe function. */
  onSteer(listener: () => void): () => void;
  takeFollowUps(): Message[];
}

/**
 * What stays the same for a whole run, and the few inputs the loop asks for as it goes
 * (a skill, a `setModel` or an edited context file changes what they give between calls).
 */
export interface RunConfig {
  readonly signal: AbortSignal;
  /** The span that turns, LLM calls and tool calls nest under (a turn's span inside a turn). */
  readonly span: Span;
  readonly settings: ResolvedSettings;
  readonly hooks: HookRunner;
  readonly metrics: MetricsCollector;
  readonly doomLoop: DoomLoopGuard;
  readonly streamFn: StreamFunction;
  readonly truncator: ObservationTruncator | undefined;
  readonly cwd: string;
  readonly projectRoot: string;
  /** Why a called tool is not offered now (`AgentOptions.unofferedToolReason`). */
  readonly unofferedToolReason?: ((toolName: string) => string | undefined) | undefined;
  /** Asked before every model call: a reason ends the run there (`AgentOptions.stopBeforeModelCall`). */
  readonly stopBeforeModelCall?: (() => string | undefined) | undefined;
  /** The agent's base system prompt now (docs/architecture.md, "The event stream"). */
  baseSystemPrompt(): string;
  /** Tokens a context uses (usage of the last answer + estimate of the rest). */
  contextTokens(messages: readonly Message[], systemPrompt: string): number;
  turnSetup(): TurnSetup;
  /** Options (API key included) for a call to `model`. */
  streamOptions(model: Model): Promise<StreamOptions>;
  readonly queue: RunQueue;
  /** One compaction of the agent's list; the loop yields its events like its own. */
  compact(reason: CompactionReason): AsyncGenerator<AgentEvent, CompactionOutcome>;
}
