import type { Model } from "../types.js";
import { OPENAI_COMPATIBLE } from "./catalog.js";
import {
  aliasFallbackNote,
  INHERIT_MODEL,
  isModelAlias,
  type ModelAlias,
  newestOfFamily,
} from "./model-aliases.js";
import type { ExplicitApiKey, ModelRegistry } from "./registry.js";

/** The defaults a user's settings give (`defaultProvider`, `defaultModel`; gong's settings.json). */
export interface ModelDefaults {
  defaultProvider?: string;
  /** An id, or an alias (`sonnet`: the newest of the family on the chosen provider). */
  defaultModel?: string;
}

export interface ModelRequest {
  /** `--provider` */
  provider?: string;
  /** `--model`: an id, or `provider/id`. */
  model?: string;
  /** `--api-key`: wins over every configured key of the provider it is resolved to. */
  apiKey?: string;
  /** `--base-url`: re-points the resolved model (a proxy, a local server). */
  baseUrl?: string;
  /**
   * The model in use now (`/model`): where an alias (`sonnet`) has no model on the
   * provider, the session stays on it, with a note.
   */
  current?: Model;
}

export type ModelResolution =
  | {
      ok: true;
      model: Model;
      apiKey: string;
      /** Said once to the user: an alias the provider has no model for fell back. */
      note?: string;
    }
  | {
      ok: false;
      code: ModelErrorCode;
      message: string;
      usage: boolean;
      /**
       * With `no_api_key`: the model that has no key (when nothing named one, the first
       * model of the provider most people have a key for), for a session that opens
       * without one (`allowMissingApiKey`) and fails its first call instead.
       */
      keyless?: Model;
    };

export type ModelErrorCode = "no_api_key" | "unknown_provider" | "unknown_model";

/** The placeholder the registry returns for local servers that take any key. */
const NO_KEY_NEEDED = "none";

/** Providers tried, in order, when nothing names one: the ones most people have keys for. */
const PREFERRED_PROVIDERS = ["anthropic", "openai"];

/**
 * Picks the model for a run (issue #7): `--provider`/`--model` (also `provider/model`),
 * else the settings default, else the first provider with a key in the environment.
 * An unknown id on a known provider still works with default limits (packages/llm README, "getModel").
 * Failures are one actionable line; `usage` marks those caused by a bad flag (exit 2).
 */
export function resolveModel(
  registry: ModelRegistry,
  request: ModelRequest,
  settings: ModelDefaults,
): ModelResolution {
  const providers = registry.providers();
  let provider = request.provider;
  let modelId = request.model;

  if (modelId?.includes("/")) {
    const split = splitProviderPrefix(registry, provider, modelId);
    if ("ok" in split) return split;
    ({ provider, modelId } = split);
  }

  if (provider === undefined && modelId !== undefined) {
    provider = registry.list().find((m) => m.id === modelId)?.provider;
  }
  // A server named only by its URL (the first-run advice `gong --base-url
  // http://localhost:8080/v1 --model <model>`) is OpenAI-compatible and gets no key
  // unless one is given: a key found for some provider never goes to it.
  if (provider === undefined && request.baseUrl !== undefined) provider = OPENAI_COMPATIBLE;
  if (provider === undefined && settings.defaultProvider) provider = settings.defaultProvider;
  if (
    modelId === undefined &&
    settings.defaultModel &&
    (!settings.defaultProvider || provider === settings.defaultProvider)
  ) {
    modelId = settings.defaultModel;
  }
  if (provider === undefined) {
    provider = firstProviderWithKey(registry, request.apiKey !== undefined);
    if (provider === undefined) {
      const preferred = PREFERRED_PROVIDERS.find((p) => providers.includes(p));
      const keyless = preferred === undefined ? undefined : registry.list(preferred)[0];
      return {
        ok: false,
        code: "no_api_key",
        usage: false,
        ...(keyless ? { keyless } : {}),
        message:
          "No API key found: set ANTHROPIC_API_KEY or OPENAI_API_KEY (or another provider's key), or pass --provider <name> --api-key <key>; or use a local server, which needs no key: gong --provider ollama --model <model> (gong --list-models shows them).",
      };
    }
  }

  if (!providers.includes(provider)) return unknownProvider(registry, provider);
  return modelOfProvider(registry, provider, modelId, request, settings);
}

/** The named (or the provider's first) model of a known provider, with its key. */
function modelOfProvider(
  registry: ModelRegistry,
  provider: string,
  named: string | undefined,
  request: ModelRequest,
  settings: ModelDefaults,
): ModelResolution {
  // `inherit` (an agent's word) names no model: the one in use, else the default.
  const inherited = named?.toLowerCase() === INHERIT_MODEL;
  const own = request.current?.provider === provider ? request.current.id : undefined;
  const given = inherited ? (own ?? settingsModel(settings, provider)?.id) : named;
  let modelId = given ?? registry.list(provider)[0]?.id;
  if (modelId === undefined) {
    return {
      ok: false,
      code: "unknown_model",
      usage: true,
      message: `Provider "${provider}" lists no models: pass --model <id> or add models for it in ${registry.modelsJsonPath}.`,
    };
  }

  let note: string | undefined;
  if (isModelAlias(modelId)) {
    const fallback = request.current ?? settingsModel(settings, provider);
    const alias = aliasModel(registry, provider, modelId, fallback);
    if ("ok" in alias) return alias;
    ({ modelId, note } = alias);
  }

  const found = registry.find(provider, modelId);
  if (!found) {
    return {
      ok: false,
      code: "unknown_model",
      usage: true,
      message: `Unknown model "${modelId}" for provider "${provider}". Run gong --list-models ${provider} to see the known ones, or add it to ${registry.modelsJsonPath}.`,
    };
  }
  const model = request.baseUrl
    ? { ...found, baseUrl: request.baseUrl.replace(/\/+$/, "") }
    : found;

  const resolved = withApiKey(registry, model, request.apiKey);
  return resolved.ok && note !== undefined ? { ...resolved, note } : resolved;
}

type ModelFailure = Extract<ModelResolution, { ok: false }>;

/** `--model provider/id`: splits the provider off the id, or says why the two disagree. */
function splitProviderPrefix(
  registry: ModelRegistry,
  provider: string | undefined,
  modelId: string,
): { provider: string | undefined; modelId: string } | ModelFailure {
  const slash = modelId.indexOf("/");
  const prefix = modelId.slice(0, slash);
  // `openrouter/anthropic/claude-x`: the prefix is a provider only if it is one.
  if (provider === undefined && registry.providers().includes(prefix)) {
    return { provider: prefix, modelId: modelId.slice(slash + 1) };
  }
  if (provider === prefix) return { provider, modelId: modelId.slice(slash + 1) };
  if (provider !== undefined && namesOtherProvider(registry, provider, prefix, modelId)) {
    return {
      ok: false,
      code: "unknown_model",
      usage: true,
      message: `--model ${modelId} names provider "${prefix}", but --provider is "${provider}": drop one of them, e.g. --model ${modelId}`,
    };
  }
  if (provider === undefined && !registry.list().some((m) => m.id === modelId)) {
    // `nope/x`: a mistyped provider, not a model id that happens to contain a slash.
    return unknownProvider(registry, prefix);
  }
  return { provider, modelId };
}

/** The settings' default model when it is one of `provider`'s. */
function settingsModel(
  settings: ModelDefaults,
  provider: string,
): Pick<Model, "provider" | "id"> | undefined {
  if (!settings.defaultModel || isModelAlias(settings.defaultModel)) return undefined;
  if (settings.defaultProvider && settings.defaultProvider !== provider) return undefined;
  return { provider, id: settings.defaultModel };
}

/**
 * `sonnet` → the newest sonnet `provider` lists; with none, the current model (or the
 * settings' default, or the provider's first) and a note saying so.
 */
function aliasModel(
  registry: ModelRegistry,
  provider: string,
  alias: ModelAlias,
  fallback: Pick<Model, "provider" | "id"> | undefined,
): { modelId: string; note?: string } | ModelFailure {
  const newest = newestOfFamily(registry, provider, alias);
  if (newest) return { modelId: newest.id };
  const instead = fallback?.provider === provider ? fallback : registry.list(provider)[0];
  if (!instead) {
    return {
      ok: false,
      code: "unknown_model",
      usage: true,
      message: `Model "${alias}" is an alias for the newest ${alias} model, and provider "${provider}" lists none: pass --model <id> (gong --list-models ${provider}).`,
    };
  }
  return { modelId: instead.id, note: aliasFallbackNote(alias, instead) };
}

/** The resolved model with its provider's key, or why there is none. */
function withApiKey(
  registry: ModelRegistry,
  model: Model,
  apiKey: string | undefined,
): ModelResolution {
  const key = registry.getApiKey(model, explicitApiKey(apiKey, model));
  if (!key.ok) {
    const hint = key.error.includes("--api-key") ? "" : " You can also pass --api-key <key>.";
    const message = `${key.error}${hint}`;
    return { ok: false, code: "no_api_key", usage: false, message, keyless: model };
  }
  return { ok: true, model, apiKey: key.apiKey };
}

/**
 * `--api-key` belongs to the provider of the model it was given with (apps/cli/test/api-key-follows-model.test.ts): a skill or
 * `/model` that switches to another provider uses that provider's own key.
 */
export function explicitApiKey(
  apiKey: string | undefined,
  model: Pick<Model, "provider">,
): ExplicitApiKey | undefined {
  return apiKey === undefined ? undefined : { provider: model.provider, apiKey };
}

/**
 * A model named in a file (an agent's or prompt command's `model:`, a skill's) against the
 * model in use: `inherit` is that model; an alias (`sonnet`) the newest of its family on
 * the same provider, or that model with a note when the provider has none (OpenAI);
 * anything else as `findModel` reads it. Undefined: no such model.
 */
export function modelForRef(
  registry: ModelRegistry,
  ref: string,
  current: Model,
): { model: Model; note?: string } | undefined {
  const name = ref.trim();
  if (name.toLowerCase() === INHERIT_MODEL) return { model: current };
  if (isModelAlias(name)) {
    const newest = newestOfFamily(registry, current.provider, name);
    return newest ? { model: newest } : { model: current, note: aliasFallbackNote(name, current) };
  }
  const found = findModel(registry, name, current.provider);
  return found ? { model: found } : undefined;
}

/** A model named by reference (a skill's `model`): `provider/id`, or an id of `provider`. */
export function findModel(
  registry: ModelRegistry,
  ref: string,
  provider: string,
): Model | undefined {
  const slash = ref.indexOf("/");
  const prefix = ref.slice(0, slash);
  if (slash > 0 && registry.providers().includes(prefix)) {
    return registry.find(prefix, ref.slice(slash + 1));
  }
  // `nope/x`: a mistyped provider, not an id with a slash — unless the provider is a router
  // or local server (ids with slashes, or none listed) that may serve `org/model`.
  const listed = registry.list(provider);
  const slashless = listed.length > 0 && !listed.some((m) => m.id.includes("/"));
  if (slash > 0 && slashless && !registry.list().some((m) => m.id === ref)) return undefined;
  return registry.find(provider, ref);
}

/**
 * `--provider openai --model anthropic/claude-x`: a contradiction, not an id with a slash.
 * Only for a provider whose listed ids have no slash (anthropic, openai); a router
 * (openrouter, a local server, a models.json provider) may well serve `anthropic/…`.
 */
function namesOtherProvider(
  registry: ModelRegistry,
  provider: string,
  prefix: string,
  modelId: string,
): boolean {
  const listed = registry.list(provider);
  return (
    registry.providers().includes(prefix) &&
    listed.length > 0 &&
    !listed.some((m) => m.id.includes("/") || m.id === modelId)
  );
}

function unknownProvider(registry: ModelRegistry, provider: string): ModelFailure {
  return {
    ok: false,
    code: "unknown_provider",
    usage: true,
    message: `Unknown provider "${provider}". Known providers: ${registry.providers().join(", ")}. Add others in ${registry.modelsJsonPath}.`,
  };
}

/** A local server that takes any key: usable with none configured. */
export function providerTakesAnyKey(registry: ModelRegistry, provider: string): boolean {
  const key = registry.getApiKey({ provider });
  return key.ok && key.apiKey === NO_KEY_NEEDED;
}

/** Whether a real key (not a local server's placeholder) is configured for `provider`. */
export function providerHasKey(registry: ModelRegistry, provider: string): boolean {
  const key = registry.getApiKey({ provider });
  return key.ok && key.apiKey !== NO_KEY_NEEDED;
}

function firstProviderWithKey(registry: ModelRegistry, keyGiven: boolean): string | undefined {
  const providers = registry.providers();
  // With --api-key but no provider, the key is most likely Anthropic's or OpenAI's.
  if (keyGiven) return PREFERRED_PROVIDERS.find((p) => providers.includes(p));
  const ordered = [
    ...PREFERRED_PROVIDERS.filter((p) => providers.includes(p)),
    ...providers.filter((p) => !PREFERRED_PROVIDERS.includes(p)),
  ];
  return ordered.find((p) => providerHasKey(registry, p));
}
