import type { Model, ModelCost } from "../types.js";
import { aliasTargets, type ModelAlias } from "./model-aliases.js";
import { createModelRegistry, type ModelRegistry } from "./registry.js";
import { providerHasKey, providerTakesAnyKey } from "./resolve-model.js";

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
  /** False for local servers (Ollama, vLLM, LM Studio): usable without any key. */
  keyNeeded: boolean;
  /** Where requests go (so a local server's port is visible). */
  baseUrl: string;
}

export interface ListedAlias {
  provider: string;
  alias: ModelAlias;
  /** The model id it resolves to on that provider now. */
  id: string;
}

/**
 * Stands for "whatever model the server has" on a provider that lists none (the local
 * servers): their models are only known once the server runs.
 */
export const ANY_MODEL = "<model>";

/** Every known model (catalog + models.json), optionally filtered, with key status. */
export function listModels(options: ListModelsOptions): {
  models: ListedModel[];
  /** Per provider of the listed models that has any: what `sonnet`, `opus`, `haiku` mean. */
  aliases: ListedAlias[];
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
  const providers = [...new Set(models.map((m) => m.provider))];
  const aliases = providers.flatMap((provider) =>
    aliasTargets(registry, provider).flatMap(({ alias, model }) =>
      model ? [{ provider, alias, id: model.id }] : [],
    ),
  );
  return { models, aliases, warnings: registry.errors.map((e) => `${e.path}: ${e.message}`) };
}

/**
 * The registry's models with key status (an open session lists its own registry). A
 * provider with nothing listed still shows, as one row: a local server can run any model.
 */
export function listRegistryModels(registry: ModelRegistry, apiKey?: string): ListedModel[] {
  const keyed = new Map<string, boolean>();
  const unlisted = registry
    .providers()
    .filter((provider) => registry.list(provider).length === 0)
    .flatMap((provider) => {
      const model = registry.find(provider, ANY_MODEL);
      return model ? [{ ...model, name: "any model the server has" }] : [];
    });
  return [...registry.list(), ...unlisted].map((m: Model): ListedModel => {
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
      keyNeeded: !providerTakesAnyKey(registry, m.provider),
      baseUrl: m.baseUrl,
    };
  });
}
