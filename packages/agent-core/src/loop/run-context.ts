import type { Message, Model, StreamFunction, StreamOptions, ThinkingLevel } from "@gong/llm";
import type { Tool } from "@gong/tools";
import type { ObservationTruncator } from "@gong/truncate";
import type { Span } from "@opentelemetry/api";
import type { DoomLoopGuard } from "../doom-loop.js";
import type { AgentEvent } from "../events.js";
import type { HookRunner } from "../hooks/runner.js";
import type { MetricsCollector } from "../observability/metrics.js";
import type { ResolvedSettings } from "../settings.js";

export type CompactionReason = "threshold" | "overflow" | "manual";
/**
 * How a compaction the loop asked for (threshold or overflow) ended, in one word: whether
 * to retry the request. The context it made, if any, is a `CompactionResult`.
 */
export type CompactionOutcome = "compacted" | "skipped" | "cancelled" | "failed" | "in_progress";

/** What stays the same for a whole run: the loop only reads it. */
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
}

/**
 * What the loop reads from its agent while it runs: the live state (a skill, a
 * `setModel` or an edited context file changes it between calls) and the queued input.
 * None of these change the state the loop produces; `compact` is the one operation the
 * loop asks for, and it reports back through events like everything else.
 */
export interface RunInput {
  messages(): readonly Message[];
  /** The system prompt for the next LLM call (context files → base → hooks; docs/architecture.md, "The event stream"). */
  systemPrompt(): Promise<string>;
  /** Tokens the context uses now (usage of the last answer + estimate of the rest). */
  contextTokens(): number;
  /** The model and tools in effect now (an active skill may narrow or switch them). */
  model(): Model;
  tools(): Tool[];
  thinkingLevel(): ThinkingLevel;
  /** Options (API key included) for a call to `model`. */
  streamOptions(model: Model): Promise<StreamOptions>;
  takeSteering(): Message[];
  /** Calls `listener` when a steering message is queued; returns the unsubscribe function. */
  onSteer(listener: () => void): () => void;
  takeFollowUps(): Message[];
  compact(reason: CompactionReason): Promise<CompactionOutcome>;
}

/** One run of the loop: read `config` and `input`, produce `emit`s. */
export interface RunContext {
  readonly config: RunConfig;
  readonly input: RunInput;
  /**
   * What the loop produces. The agent derives its state from these before listeners see
   * them: a `message_end` that is not `discarded` appends the message (`foldHistory`),
   * `tool_execution_*` track pending calls.
   */
  readonly emit: (event: AgentEvent) => void;
}
