import { createModelRegistry, type ModelCost, type ModelRegistry } from "@gong/llm";
import { providerHasKey } from "./resolve-model.js";

export interface ListModelsOptions {
  gongHome: string;
  env?: NodeJS.ProcessEnv;
  /** Case-insensitive substring of `provider/id` or the model's name. */
  search?: string;
  /** A key given on the command line counts as configured for every provider. */
  apiKey?: string;
}

export interface ListedModel {
  provider: string;
  id: string;
  name: string;
  contextWindow: number;
  maxTokens: number;
  /** Dollars per million tokens. */
  cost: ModelCost;
  hasKey: boolean;
}

/** Every known model (catalog + models.json), optionally filtered, with key status. */
export function listModels(options: ListModelsOptions): {
  models: ListedModel[];
  warnings: string[];
} {
  const registry = createModelRegistry({
    gongHome: options.gongHome,
    env: options.env ?? process.env,
  });
  const needle = options.search?.toLowerCase();
  const models = listRegistryModels(registry, options.apiKey).filter(
    (m) =>
      !needle ||
      `${m.provider}/${m.id}`.toLowerCase().includes(needle) ||
      m.name.toLowerCase().includes(needle),
  );
  return { models, warnings: registry.errors.map((e) => `${e.path}: ${e.message}`) };
}

/** The registry's models with key status (an open session lists its own registry). */
export function listRegistryModels(registry: ModelRegistry, apiKey?: string): ListedModel[] {
  const keyed = new Map<string, boolean>();
  return registry.list().map((m) => {
    if (!keyed.has(m.provider))
      keyed.set(m.provider, apiKey !== undefined || providerHasKey(registry, m.provider));
    return {
      provider: m.provider,
      id: m.id,
      name: m.name,
      contextWindow: m.contextWindow,
      maxTokens: m.maxTokens,
      cost: m.cost,
      hasKey: keyed.get(m.provider)!,
    };
  });
}
