import {
  extractCompactionSummary,
  type Message,
  type Model,
  type StreamFunction,
  type StreamOptions,
} from "@gong/llm";
import type { ObservationTruncator } from "@gong/truncate";
import type { AgentEvent } from "../events.js";
import type { HookRunner } from "../hooks/runner.js";
import { compactWithPlan, planCompaction } from "./compact.js";
import { contextTokens } from "./context-tokens.js";
import type {
  CompactionOutcome,
  CompactionReason,
  CompactionResult,
  CompactionSettings,
} from "./types.js";

/**
 * What `Agent.compact()` answers: the new context (`CompactionResult`) or why there is
 * none. Not to be confused with `CompactionResult` (the new context itself) or the loop's
 * `CompactionOutcome` (what the loop needs to know of a compaction it asked for).
 */
export type CompactResult =
  | { ok: true; result: CompactionResult }
  | {
      ok: false;
      error: "compaction_in_progress" | "cancelled" | "nothing_to_compact" | "aborted" | "failed";
      message: string;
    };

/** What one compaction is made from: the list as it is now and how to summarise it. */
export interface CompactionRequest {
  reason: CompactionReason;
  /** The list now; the compaction's result replaces this many messages at its head. */
  messages: readonly Message[];
  systemPrompt: string;
  model: Model;
  settings: CompactionSettings;
  hooks: HookRunner;
  streamFn: StreamFunction;
  /** Asked only once the hooks allowed the compaction (it may look up a key). */
  streamOptions(model: Model): Promise<StreamOptions>;
  /** The run's signal: aborting the run aborts its compaction. */
  signal?: AbortSignal;
  customInstructions?: string;
  /** Spills kept tool results the compaction cuts to fit (the agent's truncator). */
  truncator?: ObservationTruncator;
}

/** The events a compaction yields: its result reaches the agent's list as `compaction_end`. */
export type CompactionEvent = Extract<AgentEvent, { type: "compaction_start" | "compaction_end" }>;

const IN_PROGRESS: CompactResult = {
  ok: false,
  error: "compaction_in_progress",
  message: "A compaction is already running; wait for it to finish.",
};

/**
 * One agent's compactions: one at a time (test/j12-compaction.test.ts 3.2), cancellable by
 * `beforeSessionOp("compact")` (test/j10-hooks.test.ts 2.4), abortable, and aware that usage numbers of
 * messages kept from before a compaction no longer describe the context. It never
 * touches the agent's list: a compaction yields events and returns its outcome, and the
 * agent folds the events like the loop's.
 */
export class CompactionController {
  private running = false;
  private controller: AbortController | undefined;
  private trustUsageFrom = 0;
  private lengthAfterLast = -1;

  contextTokens(messages: readonly Message[], systemPrompt: string): number {
    return contextTokens(messages, systemPrompt, this.trustUsageFrom);
  }

  /**
   * For a message list the agent starts from (a resumed session, a switched branch): one
   * that opens with a compaction summary has kept messages whose usage describes the
   * larger context before it, so it is estimated until a new answer reports usage — else
   * every resume would compact again at once (test/j12-compaction.test.ts "item 9").
   */
  resetUsageTrust(messages: readonly Message[]): void {
    const first = messages[0];
    this.trustUsageFrom =
      first && extractCompactionSummary(first) !== undefined ? messages.length : 0;
    this.lengthAfterLast = -1;
  }

  /**
   * The agent's list after a compaction's result was applied: the answers in it (also
   * those that arrived while the summary was written) were given in the uncompacted
   * context, so their usage is stale.
   */
  compacted(length: number): void {
    this.trustUsageFrom = length;
    this.lengthAfterLast = length;
  }

  /** Threshold compaction is skipped when nothing changed since the last one. */
  unchangedSinceLast(length: number): boolean {
    return length === this.lengthAfterLast;
  }

  abort(): void {
    this.controller?.abort();
  }

  /**
   * One compaction. Refused (as `compaction_in_progress`) while another runs; the check
   * and the claim happen at the first `next()`, which the agent asks for at once.
   */
  async *run(request: CompactionRequest): AsyncGenerator<CompactionEvent, CompactResult> {
    if (this.running) return IN_PROGRESS;
    this.running = true;
    try {
      return yield* this.summarise(request);
    } finally {
      this.running = false;
    }
  }

  private async *summarise(
    request: CompactionRequest,
  ): AsyncGenerator<CompactionEvent, CompactResult> {
    const { reason, messages, systemPrompt, settings } = request;
    // Checked before the hooks and events: a PreCompact script should not run for nothing.
    const plan = planCompaction(messages, settings.keepRecentTokens, reason === "manual");
    if (!plan) {
      return {
        ok: false,
        error: "nothing_to_compact",
        message: "Nothing old enough to compact yet.",
      };
    }
    const tokens = contextTokens(messages, systemPrompt, this.trustUsageFrom);
    const allowed = await request.hooks.beforeSessionOp("compact", {
      reason,
      tokens,
      messageCount: messages.length,
    });
    if (!allowed) {
      yield { type: "compaction_end", reason, cancelled: true };
      return { ok: false, error: "cancelled", message: "A hook cancelled the compaction." };
    }
    const controller = new AbortController();
    this.controller = controller;
    const onOuterAbort = () => controller.abort();
    request.signal?.addEventListener("abort", onOuterAbort, { once: true });
    yield { type: "compaction_start", reason };
    try {
      const result = await compactWithPlan(
        {
          messages,
          model: request.model,
          streamFn: request.streamFn,
          systemPrompt,
          streamOptions: await request.streamOptions(request.model),
          signal: controller.signal,
          // The summary has to fit in the room compaction keeps free (pi uses 80 %).
          maxSummaryTokens: Math.floor(settings.reserveTokens * 0.8),
          // What is kept has to leave the room compaction keeps free, too.
          maxContextTokens: request.model.contextWindow - settings.reserveTokens,
          ...(request.truncator ? { truncator: request.truncator } : {}),
          ...(request.customInstructions ? { customInstructions: request.customInstructions } : {}),
        },
        plan,
        tokens,
      );
      if (!result) {
        yield { type: "compaction_end", reason, errorMessage: "Compaction was aborted." };
        return { ok: false, error: "aborted", message: "Compaction was aborted." };
      }
      yield { type: "compaction_end", reason, result };
      return { ok: true, result };
    } finally {
      request.signal?.removeEventListener("abort", onOuterAbort);
      this.controller = undefined;
    }
  }
}

/** What the loop needs to know of a compaction it asked for. */
export function compactionOutcome(result: CompactResult): CompactionOutcome {
  if (result.ok) return "compacted";
  if (result.error === "compaction_in_progress") return "in_progress";
  if (result.error === "cancelled") return "cancelled";
  if (result.error === "nothing_to_compact") return "skipped";
  return "failed";
}
