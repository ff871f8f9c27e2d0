import type { AssistantMessage } from "@gong/llm";
import { OtelMetrics } from "./otel-metrics.js";

export interface ToolMetrics {
  calls: number;
  successes: number;
  errors: number;
  totalDurationMs: number;
  avgDurationMs: number;
  /** successes / calls (0–1); `partial` counts as a success. */
  successRate: number;
}

export interface SessionMetrics {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Dollars, from the model's prices. */
  cost: number;
  llmCalls: number;
  toolCalls: number;
  turns: number;
  compactions: number;
  retries: number;
}

export interface MetricsSnapshot {
  tools: Record<string, ToolMetrics>;
  session: SessionMetrics;
}

/** Per-tool and per-session counters (seed 004 "Monitoring Metrics"), available as data. */
export class MetricsCollector {
  private readonly otel = new OtelMetrics();
  private readonly tools = new Map<string, { calls: number; successes: number; ms: number }>();
  private readonly session: SessionMetrics = {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    cost: 0,
    llmCalls: 0,
    toolCalls: 0,
    turns: 0,
    compactions: 0,
    retries: 0,
  };

  recordTool(name: string, durationMs: number, success: boolean): void {
    const entry = this.tools.get(name) ?? { calls: 0, successes: 0, ms: 0 };
    entry.calls++;
    if (success) entry.successes++;
    entry.ms += durationMs;
    this.tools.set(name, entry);
    this.session.toolCalls++;
    this.otel.tool(name, durationMs, success);
  }

  recordLlmCall(message: AssistantMessage): void {
    this.session.llmCalls++;
    this.otel.llmCall(message);
    const usage = message.usage;
    if (!usage) return;
    this.session.inputTokens += usage.input ?? 0;
    this.session.outputTokens += usage.output ?? 0;
    this.session.cacheReadTokens += usage.cacheRead ?? 0;
    this.session.cacheWriteTokens += usage.cacheWrite ?? 0;
    this.session.cost += usage.cost?.total ?? 0;
  }

  recordTurn(): void {
    this.session.turns++;
    this.otel.event("turn");
  }

  recordRetry(): void {
    this.session.retries++;
    this.otel.event("retry");
  }

  recordCompaction(): void {
    this.session.compactions++;
    this.otel.event("compaction");
  }

  snapshot(): MetricsSnapshot {
    const tools: Record<string, ToolMetrics> = {};
    for (const [name, entry] of this.tools) {
      tools[name] = {
        calls: entry.calls,
        successes: entry.successes,
        errors: entry.calls - entry.successes,
        totalDurationMs: entry.ms,
        avgDurationMs: entry.calls ? entry.ms / entry.calls : 0,
        successRate: entry.calls ? entry.successes / entry.calls : 0,
      };
    }
    return { tools, session: { ...this.session } };
  }
}
