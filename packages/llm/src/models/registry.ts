import { join } from "node:path";
import { resolveGongHome } from "@gong/base";
import type { Model } from "../types.js";
import {
  type ApiKeyResult,
  apiKeyEnvNames,
  environmentApiKey,
  missingApiKeyMessage,
  NO_KEY_NEEDED,
  type ResolvedApiKey,
} from "./api-keys.js";
import {
  catalogModels,
  defaultModel,
  findProvider,
  PROVIDERS,
  providerBaseUrl,
} from "./catalog.js";
import { type ModelsJsonError, type ModelsJsonProvider, readModelsJson } from "./models-json.js";

export interface ModelRegistryOptions {
  /** Directory holding models.json (default `$GONG_HOME`, else `~/.gong`: `resolveGongHome`). */
  gongHome?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * A base URL the user gave on the command line (`--base-url`): the user's own endpoint,
   * like `ANTHROPIC_BASE_URL`, so a provider's standard key may go to it. Base URLs from
   * files (models.json, a project's) get only a key named for them.
   */
  userBaseUrl?: string;
}

export type { ApiKeyResult, ResolvedApiKey };

/** A key given for one provider (`--api-key`): it is used for that provider only. */
export interface ExplicitApiKey {
  provider: string;
  apiKey: string;
}

/**
 * A provider's key, looked up before every call so it follows model switches; given the
 * model, the key also follows its base URL (a standard variable goes only to the
 * provider's own endpoint). A failure says which key to set.
 */
export type ApiKeyResolver = (provider: string, model?: Pick<Model, "baseUrl">) => ApiKeyResult;

export interface ModelRegistry {
  /** A listed model, or — for a known provider — the id with default limits. */
  find(provider: string, modelId: string): Model | undefined;
  list(provider?: string): Model[];
  providers(): string[];
  /**
   * The key for a model's provider — the one rule (test/models.test.ts "item 5"): `explicit` when it was given
   * for that provider, then models.json `apiKey` (a variable name or the key, never
   * another variable when that one is unset), then the provider's standard variables —
   * only for its own endpoint (`model.baseUrl`, default the provider's); `"none"` for
   * servers that take any key.
   */
  getApiKey(
    model: Pick<Model, "provider"> & Partial<Pick<Model, "baseUrl">>,
    explicit?: ExplicitApiKey,
  ): ApiKeyResult;
  /** `getApiKey` as a function of the provider, for the agent to call before each request. */
  apiKeyResolver(explicit?: ExplicitApiKey): ApiKeyResolver;
  /**
   * Every environment variable a provider key may come from: the catalog's, the ones
   * models.json names, and the `<NAME>_API_KEY` default of its providers. What the
   * processes gong starts for the model must not inherit (child-env.test.ts).
   */
  apiKeyVariables(): string[];
  /** Problems found in models.json (the registry still works without it). */
  readonly errors: ModelsJsonError[];
  readonly modelsJsonPath: string;
}

const DEFAULT_CONTEXT_WINDOW = 128_000;
const DEFAULT_MAX_TOKENS = 16_384;
const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

/** The built-in catalog plus `<gongHome>/models.json`. */
export function createModelRegistry(options: ModelRegistryOptions = {}): ModelRegistry {
  const env = options.env ?? process.env;
  const home = options.gongHome ?? resolveGongHome(env);
  const modelsJsonPath = join(home, "models.json");
  const { providers: custom, errors } = readModelsJson(modelsJsonPath);

  const models = new Map<string, Model[]>();
  for (const provider of PROVIDERS) models.set(provider.name, catalogModels(provider, env));
  for (const [name, config] of Object.entries(custom)) {
    const list = applyCustomProvider(
      name,
      config,
      models.get(name) ?? [],
      env,
      errors,
      modelsJsonPath,
    );
    if (list) models.set(name, list);
  }

  const find = modelFinder(models, custom, env);
  const userBaseUrl = options.userBaseUrl?.replace(/\/+$/, "");
  const getApiKey = apiKeyGetter(custom, env, modelsJsonPath, userBaseUrl);

  return {
    find,
    list: (provider) =>
      provider ? [...(models.get(provider) ?? [])] : [...models.values()].flat(),
    providers: () => [...models.keys()],
    getApiKey,
    apiKeyResolver: (explicit) => (provider, model) =>
      getApiKey({ provider, ...(model ? { baseUrl: model.baseUrl } : {}) }, explicit),
    apiKeyVariables: () => {
      const names = PROVIDERS.flatMap((provider) => provider.apiKeyEnv);
      for (const [name, config] of Object.entries(custom)) {
        names.push(...apiKeyEnvNames(name));
        if (config.apiKey && ENV_NAME.test(config.apiKey)) names.push(config.apiKey);
      }
      return [...new Set(names)];
    },
    errors,
    modelsJsonPath,
  };
}

/** Looks a model up: listed first, else a default for a known or configured provider. */
function modelFinder(
  models: Map<string, Model[]>,
  custom: Record<string, ModelsJsonProvider>,
  env: NodeJS.ProcessEnv,
): ModelRegistry["find"] {
  return (provider: string, modelId: string): Model | undefined => {
    const list = models.get(provider);
    if (!list) return undefined;
    const listed = list.find((model) => model.id === modelId);
    if (listed) return listed;
    const config = custom[provider];
    const known = findProvider(provider);
    if (known) {
      const model = defaultModel(known, modelId, env);
      return config ? withProviderConfig(model, config) : model;
    }
    return config?.baseUrl && config.api
      ? customModel(provider, config, { id: modelId })
      : undefined;
  };
}

/** Where a provider's key comes from: `--api-key`, models.json, then the environment. */
function apiKeyGetter(
  custom: Record<string, ModelsJsonProvider>,
  env: NodeJS.ProcessEnv,
  modelsJsonPath: string,
  userBaseUrl: string | undefined,
): ModelRegistry["getApiKey"] {
  return (
    model: Pick<Model, "provider"> & Partial<Pick<Model, "baseUrl">>,
    explicit?: ExplicitApiKey,
  ): ApiKeyResult => {
    const found = (apiKey: string, source: string): ApiKeyResult => ({ ok: true, apiKey, source });
    if (explicit?.provider === model.provider) return found(explicit.apiKey, "--api-key");
    const configured = custom[model.provider]?.apiKey;
    if (configured) {
      if (!ENV_NAME.test(configured))
        return found(configured, `${modelsJsonPath} (providers.${model.provider}.apiKey)`);
      const value = env[configured]?.trim();
      if (value)
        return found(value, `the environment variable ${configured} (named in ${modelsJsonPath})`);
      return { ok: false, error: missingApiKeyMessage(model.provider, configured) };
    }
    const known = findProvider(model.provider);
    const baseUrl =
      model.baseUrl ??
      custom[model.provider]?.baseUrl ??
      (known ? providerBaseUrl(known, env) : undefined);
    const usersOwn = baseUrl !== undefined && baseUrl.replace(/\/+$/, "") === userBaseUrl;
    const fromEnv = environmentApiKey(model.provider, env, usersOwn ? undefined : baseUrl);
    // A models.json provider that is not in the catalog and names no key is a local server.
    if (!fromEnv.ok && custom[model.provider] && !known) {
      return { ok: true, ...NO_KEY_NEEDED };
    }
    return fromEnv;
  };
}

function applyCustomProvider(
  name: string,
  config: ModelsJsonProvider,
  builtIn: Model[],
  env: NodeJS.ProcessEnv,
  errors: ModelsJsonError[],
  path: string,
): Model[] | undefined {
  const known = findProvider(name);
  if (!known && (!config.baseUrl || !config.api)) {
    errors.push({
      path,
      message: `providers.${name} needs "baseUrl" and "api" (anthropic-messages, openai-completions or openai-responses); provider skipped.`,
    });
    return undefined;
  }
  // Overriding a built-in provider (e.g. a proxy baseUrl) re-points its catalog models.
  const list = builtIn.map((model) => withProviderConfig(model, config));
  for (const entry of config.models ?? []) {
    const base = known ? defaultModel(known, entry.id, env) : undefined;
    const model = customModel(name, config, entry, base);
    const index = list.findIndex((existing) => existing.id === entry.id);
    if (index >= 0) list[index] = model;
    else list.push(model);
  }
  return list;
}

function withProviderConfig(model: Model, config: ModelsJsonProvider): Model {
  return {
    ...model,
    ...(config.baseUrl ? { baseUrl: config.baseUrl.replace(/\/+$/, "") } : {}),
    ...(config.api ? { api: config.api } : {}),
    ...(config.headers ? { headers: { ...model.headers, ...config.headers } } : {}),
    ...(config.compat ? { compat: { ...model.compat, ...config.compat } } : {}),
  };
}

function customModel(
  provider: string,
  config: ModelsJsonProvider,
  entry: { id: string } & Partial<Omit<Model, "cost">> & { cost?: Partial<Model["cost"]> },
  base?: Model,
): Model {
  const headers = { ...base?.headers, ...config.headers, ...entry.headers };
  const compat = { ...base?.compat, ...config.compat, ...entry.compat };
  return {
    id: entry.id,
    name: entry.name ?? entry.id,
    api: config.api ?? base?.api ?? "openai-completions",
    provider,
    baseUrl: (config.baseUrl ?? base?.baseUrl ?? "").replace(/\/+$/, ""),
    reasoning: entry.reasoning ?? base?.reasoning ?? false,
    input: entry.input ?? base?.input ?? ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...base?.cost, ...entry.cost },
    contextWindow: entry.contextWindow ?? base?.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
    maxTokens: entry.maxTokens ?? base?.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(Object.keys(compat).length ? { compat } : {}),
  };
}

/** Built-in catalog lookups (environment read at call time for `*_BASE_URL`). */
export function getModel(provider: string, modelId: string): Model | undefined {
  const known = findProvider(provider);
  if (!known) return undefined;
  return (
    catalogModels(known, process.env).find((model) => model.id === modelId) ??
    defaultModel(known, modelId, process.env)
  );
}

export function getModels(provider?: string): Model[] {
  return PROVIDERS.filter((known) => !provider || known.name === provider).flatMap((known) =>
    catalogModels(known, process.env),
  );
}

export function getProviders(): string[] {
  return PROVIDERS.map((provider) => provider.name);
}
