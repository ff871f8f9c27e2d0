import { isRecord } from "@gong/base";
import { addUsage, emptyUsageTotals, type UsageTotals } from "@gong/llm";
import type { SessionEntry } from "./entries.js";

export interface SessionStats {
  /** All entries in the file (labels and leaf moves included). */
  entries: number;
  messages: { user: number; assistant: number; toolResult: number; total: number };
  toolCalls: number;
  compactions: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
  /** Dollars, summed from each assistant message's usage. */
  cost: number;
  /**
   * The same totals per model (`provider/id`), in the order each model first answered;
   * a subagent's spending counts under the model it ran on (`data.model` of its task
   * result, else the model that called it) and is also shown apart in `subagents`.
   */
  models: ModelUsage[];
}

/** What one model spent in the session: its answers and its subagents' together. */
export interface ModelUsage extends UsageTotals {
  /** `provider/id`. */
  model: string;
  /** Assistant answers of the session itself. */
  answers: number;
  /** The part that subagents spent, and how many task runs it took. */
  subagents: { runs: number; totalTokens: number; cost: number };
}

/** Totals over every entry of the session, all branches included (what was spent). */
export function computeStats(entries: readonly SessionEntry[]): SessionStats {
  const stats: SessionStats = {
    entries: entries.length,
    messages: { user: 0, assistant: 0, toolResult: 0, total: 0 },
    toolCalls: 0,
    compactions: 0,
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    cost: 0,
    models: [],
  };
  const usage = emptyUsageTotals();
  const models = new Map<string, ModelUsage>();
  const modelUsage = (model: string) => {
    let found = models.get(model);
    if (!found) {
      found = {
        model,
        ...emptyUsageTotals(),
        answers: 0,
        subagents: { runs: 0, totalTokens: 0, cost: 0 },
      };
      models.set(model, found);
    }
    return found;
  };
  // The model of the last answer: a task result without its own model ran on it.
  let caller = "unknown";
  for (const entry of entries) {
    if (entry.type === "compaction") stats.compactions++;
    if (entry.type !== "message") continue;
    const message = entry.message;
    stats.messages.total++;
    if (message.role === "user") stats.messages.user++;
    else if (message.role === "toolResult") {
      stats.messages.toolResult++;
      // A subagent's spending is the session's: its task result carries the totals.
      const spent = subagentUsage(message.toolName, message.details);
      addUsage(usage, spent);
      if (spent) {
        const row = modelUsage(spent.model ?? caller);
        addUsage(row, spent);
        row.subagents.runs++;
        row.subagents.totalTokens += spent.totalTokens;
        row.subagents.cost += spent.cost.total;
      }
    } else if (message.role === "assistant") {
      stats.messages.assistant++;
      for (const part of message.content) if (part.type === "toolCall") stats.toolCalls++;
      addUsage(usage, message.usage);
      caller = `${message.provider}/${message.model}`;
      const row = modelUsage(caller);
      addUsage(row, message.usage);
      row.answers++;
    }
  }
  stats.models = [...models.values()];
  const { totalTokens, cost, ...tokens } = usage;
  stats.tokens = { ...tokens, total: totalTokens };
  stats.cost = cost;
  return stats;
}

/** `data.usage` of a `task` result (the runtime's subagents): token totals and dollars. */
function subagentUsage(toolName: string, details: unknown) {
  if (toolName !== "task" || !isRecord(details) || !isRecord(details.data)) return undefined;
  const usage = details.data.usage;
  if (!isRecord(usage)) return undefined;
  const number = (value: unknown) => (typeof value === "number" ? value : 0);
  const model = details.data.model;
  return {
    ...(typeof model === "string" ? { model } : {}),
    input: number(usage.input),
    output: number(usage.output),
    cacheRead: number(usage.cacheRead),
    cacheWrite: number(usage.cacheWrite),
    totalTokens: number(usage.totalTokens),
    cost: { total: number(usage.cost) },
  };
}
