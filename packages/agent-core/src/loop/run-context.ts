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
export type CompactionOutcome = "compacted" | "skipped" | "cancelled" | "failed" | "in_progress";

/**
 * Everything one run of the loop needs from its agent. The loop reads state through
 * it and changes state only through `appendMessage` and `emit`, so the data flow stays
 * one-way: loop → events → state.
 */
export interface RunContext {
  readonly signal: AbortSignal;
  /** The run's tracing span; turns, LLM calls and tool calls nest under it. */
  readonly span: Span;
  readonly settings: ResolvedSettings;
  readonly hooks: HookRunner;
  readonly metrics: MetricsCollector;
  readonly doomLoop: DoomLoopGuard;
  readonly streamFn: StreamFunction;
  readonly truncator: ObservationTruncator | undefined;
  readonly cwd: string;
  readonly projectRoot: string;
  /** The system prompt of this run (after `onBeforeAgent`; follows `setSystemPrompt`). */
  systemPrompt(): string;
  /** Asks the agent's `refreshSystemPrompt` option for a newer prompt (before each LLM call). */
  refreshSystemPrompt(): void;
  messages(): readonly Message[];
  /** Tokens the context uses now (usage of the last answer + estimate of the rest). */
  contextTokens(): number;
  appendMessage(message: Message): void;
  emit(event: AgentEvent): void;
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
  setStreamMessage(message: Message | null): void;
  setPendingToolCall(id: string, pending: boolean): void;
}
