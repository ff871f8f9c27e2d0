import type { Cost, Model, Usage } from "../types.js";

/** Dollars for `usage` at the model's per-million prices; also stores it in `usage.cost`. */
export function calculateCost(model: Pick<Model, "cost">, usage: Usage): Cost {
  const perToken = (price: number) => price / 1_000_000;
  const cost = usage.cost;
  cost.input = usage.input * perToken(model.cost.input);
  cost.output = usage.output * perToken(model.cost.output);
  cost.cacheRead = usage.cacheRead * perToken(model.cost.cacheRead);
  cost.cacheWrite = usage.cacheWrite * perToken(model.cost.cacheWrite);
  cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
  return cost;
}

export function emptyUsage(): Usage {
  return {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
}

/**
 * Token and dollar totals over many answers — the one sum behind agent-core's metrics,
 * session-store's stats and the HTML export's header.
 */
export interface UsageTotals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  /** Dollars. */
  cost: number;
}

export function emptyUsageTotals(): UsageTotals {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: 0 };
}

/**
 * Adds one answer's usage to `totals` (and returns it). A missing usage or field counts
 * as 0: a session file is data, and a hand-edited or foreign line may lack them.
 */
export function addUsage(
  totals: UsageTotals,
  usage: (Partial<Omit<Usage, "cost">> & { cost?: Partial<Cost> }) | undefined,
): UsageTotals {
  if (!usage) return totals;
  totals.input += usage.input ?? 0;
  totals.output += usage.output ?? 0;
  totals.cacheRead += usage.cacheRead ?? 0;
  totals.cacheWrite += usage.cacheWrite ?? 0;
  totals.totalTokens += usage.totalTokens ?? 0;
  totals.cost += usage.cost?.total ?? 0;
  return totals;
}
