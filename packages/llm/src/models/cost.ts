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
