import {
  extractCompactionSummary,
  type Message,
  type Model,
  type StreamFunction,
  type StreamOptions,
} from "@gong/llm";
import type { AgentEvent } from "../events.js";
import type { HookRunner } from "../hooks/runner.js";
import type { CompactionOutcome, CompactionReason } from "../loop/run-context.js";
import type { MetricsCollector } from "../observability/metrics.js";
import { compactWithPlan, planCompaction } from "./compact.js";
import { contextTokens } from "./context-tokens.js";
import type { CompactionResult, CompactionSettings } from "./types.js";

export type CompactResult =
  | { ok: true; result: CompactionResult }
  | {
      ok: false;
      error: "compaction_in_progress" | "cancelled" | "nothing_to_compact" | "aborted" | "failed";
      message: string;
    };

export interface CompactionHost {
  hooks: HookRunner;
  metrics: MetricsCollector;
  settings(): CompactionSettings;
  emit(event: AgentEvent): void;
  getMessages(): Message[];
  setMessages(messages: Message[]): void;
  model(): Model;
  systemPrompt(): string;
  streamFn: StreamFunction;
  streamOptions(model: Model): Promise<StreamOptions>;
  setCompacting(value: boolean): void;
}

/**
 * One agent's compactions: one at a time (J.12 3.2), cancellable by
 * `beforeSessionOp("compact")` (J.10 2.4), abortable, and aware that usage numbers of
 * messages kept from before a compaction no longer describe the context.
 */
export class CompactionController {
  private current: Promise<CompactResult> | undefined;
  private controller: AbortController | undefined;
  private trustUsageFrom = 0;
  private lengthAfterLast = -1;

  constructor(private readonly host: CompactionHost) {}

  contextTokens(systemPrompt: string): number {
    return contextTokens(this.host.getMessages(), systemPrompt, this.trustUsageFrom);
  }

  /**
   * For a message list the agent starts from (a resumed session, a switched branch): one
   * that opens with a compaction summary has kept messages whose usage describes the
   * larger context before it, so it is estimated until a new answer reports usage — else
   * every resume would compact again at once (item 9).
   */
  resetUsageTrust(messages: readonly Message[]): void {
    const first = messages[0];
    this.trustUsageFrom =
      first && extractCompactionSummary(first) !== undefined ? messages.length : 0;
    this.lengthAfterLast = -1;
  }

  async whenIdle(): Promise<void> {
    while (this.current) await this.current;
  }

  abort(): void {
    this.controller?.abort();
  }

  /** For the loop: threshold compaction is skipped when nothing changed since the last one. */
  async runOutcome(reason: CompactionReason, signal?: AbortSignal): Promise<CompactionOutcome> {
    if (reason === "threshold" && this.host.getMessages().length === this.lengthAfterLast) {
      return "skipped";
    }
    const result = await this.run(reason, signal);
    if (result.ok) return "compacted";
    if (result.error === "compaction_in_progress") return "in_progress";
    if (result.error === "cancelled") return "cancelled";
    if (result.error === "nothing_to_compact") return "skipped";
    return "failed";
  }

  run(
    reason: CompactionReason,
    signal?: AbortSignal,
    customInstructions?: string,
  ): Promise<CompactResult> {
    if (this.current) {
      return Promise.resolve({
        ok: false,
        error: "compaction_in_progress",
        message: "A compaction is already running; wait for it to finish.",
      });
    }
    const run = this.compact(reason, signal, customInstructions).finally(() => {
      this.current = undefined;
    });
    this.current = run;
    return run;
  }

  private async compact(
    reason: CompactionReason,
    outer?: AbortSignal,
    customInstructions?: string,
  ): Promise<CompactResult> {
    const host = this.host;
    // A copy: the live array keeps growing while the summary is written (a running
    // tool's result, the next answer), and only a copy tells which messages are new.
    const snapshot = host.getMessages().slice();
    // Checked before the hooks and events: a PreCompact script should not run for nothing.
    const plan = planCompaction(snapshot, host.settings().keepRecentTokens, reason === "manual");
    if (!plan) {
      return {
        ok: false,
        error: "nothing_to_compact",
        message: "Nothing old enough to compact yet.",
      };
    }
    const systemPrompt = host.systemPrompt();
    const tokens = contextTokens(snapshot, systemPrompt, this.trustUsageFrom);
    const allowed = await host.hooks.beforeSessionOp("compact", {
      reason,
      tokens,
      messageCount: snapshot.length,
    });
    if (!allowed) {
      host.emit({ type: "compaction_end", reason, cancelled: true });
      return { ok: false, error: "cancelled", message: "A hook cancelled the compaction." };
    }
    const controller = new AbortController();
    this.controller = controller;
    const onOuterAbort = () => controller.abort();
    outer?.addEventListener("abort", onOuterAbort, { once: true });
    host.setCompacting(true);
    host.emit({ type: "compaction_start", reason });
    try {
      const model = host.model();
      const result = await compactWithPlan(
        {
          messages: snapshot,
          model,
          streamFn: host.streamFn,
          systemPrompt,
          streamOptions: await host.streamOptions(model),
          signal: controller.signal,
          // The summary has to fit in the room compaction keeps free (pi uses 80 %).
          maxSummaryTokens: Math.floor(host.settings().reserveTokens * 0.8),
          ...(customInstructions ? { customInstructions } : {}),
        },
        plan,
        tokens,
      );
      if (!result) {
        host.emit({ type: "compaction_end", reason, errorMessage: "Compaction was aborted." });
        return { ok: false, error: "aborted", message: "Compaction was aborted." };
      }
      // Messages that arrived while the summary was written are kept after it (J.9 4.4).
      const arrived = host.getMessages().slice(snapshot.length);
      const next = [...result.messages, ...arrived];
      host.setMessages(next);
      // The arrived answers were given in the uncompacted context, so their usage is
      // as stale as that of the kept messages.
      this.trustUsageFrom = next.length;
      this.lengthAfterLast = next.length;
      host.metrics.recordCompaction();
      host.emit({ type: "compaction_end", reason, result });
      return { ok: true, result };
    } finally {
      outer?.removeEventListener("abort", onOuterAbort);
      this.controller = undefined;
      host.setCompacting(false);
    }
  }
}
