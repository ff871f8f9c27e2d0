import { type AssistantMessage, addUsage, emptyUsageTotals } from "@gong/llm";
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

/** Per-tool and per-session counters (test/pipeline-settings.test.ts), available as data. */
export class MetricsCollector {
  private readonly otel = new OtelMetrics();
  private readonly tools = new Map<string, { calls: number; successes: number; ms: number }>();
  private readonly usage = emptyUsageTotals();
  private readonly session: Omit<
    SessionMetrics,
    "inputTokens" | "outputTokens" | "cacheReadTokens" | "cacheWriteTokens" | "cost"
  > = {
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
    addUsage(this.usage, message.usage);
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
    const usage = this.usage;
    return {
      tools,
      session: {
        inputTokens: usage.input,
        outputTokens: usage.output,
        cacheReadTokens: usage.cacheRead,
        cacheWriteTokens: usage.cacheWrite,
        cost: usage.cost,
        ...this.session,
      },
    };
  }
}
