import type { AssistantMessage } from "@gong/llm";
import { type Counter, type Histogram, metrics } from "@opentelemetry/api";

/**
 * The session metrics as OpenTelemetry instruments, through `@opentelemetry/api`: no-op
 * unless the host registered a MeterProvider. Created per MetricsCollector (not at
 * import) because the metrics API has no proxy: instruments made before the host
 * registers its SDK would stay no-ops forever.
 */
export class OtelMetrics {
  private readonly tokens: Counter;
  private readonly cost: Counter;
  private readonly llmCalls: Counter;
  private readonly toolCalls: Counter;
  private readonly toolDuration: Histogram;
  private readonly events: Counter;

  constructor() {
    const meter = metrics.getMeter("@gong/agent-core");
    this.tokens = meter.createCounter("gong.tokens", {
      description: "Tokens used, by type (input, output, cache_read, cache_write)",
      unit: "{token}",
    });
    this.cost = meter.createCounter("gong.cost", {
      description: "Cost from the model's prices",
      unit: "USD",
    });
    this.llmCalls = meter.createCounter("gong.llm.calls", { description: "LLM calls" });
    this.toolCalls = meter.createCounter("gong.tool.calls", {
      description: "Tool calls, by tool and status",
    });
    this.toolDuration = meter.createHistogram("gong.tool.duration", {
      description: "Tool call duration",
      unit: "ms",
    });
    this.events = meter.createCounter("gong.session.events", {
      description: "Turns, retries and compactions",
    });
  }

  llmCall(message: AssistantMessage): void {
    const model = { "gen_ai.request.model": message.model };
    this.llmCalls.add(1, model);
    const usage = message.usage;
    if (!usage) return;
    const byType: [string, number | undefined][] = [
      ["input", usage.input],
      ["output", usage.output],
      ["cache_read", usage.cacheRead],
      ["cache_write", usage.cacheWrite],
    ];
    for (const [type, count] of byType)
      if (count) this.tokens.add(count, { ...model, "gong.token.type": type });
    if (usage.cost?.total) this.cost.add(usage.cost.total, model);
  }

  tool(name: string, durationMs: number, success: boolean): void {
    const attributes = {
      "gong.tool.name": name,
      "gong.tool.status": success ? "success" : "error",
    };
    this.toolCalls.add(1, attributes);
    this.toolDuration.record(durationMs, attributes);
  }

  event(kind: "turn" | "retry" | "compaction"): void {
    this.events.add(1, { "gong.event": kind });
  }
}
