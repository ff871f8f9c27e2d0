import type { Api, Model, ModelCost } from "../types.js";

/** A provider Gong knows without configuration. */
export interface ProviderInfo {
  name: string;
  api: Api;
  baseUrl: string;
  /** Environment variable overriding `baseUrl` (README.md, `*_BASE_URL`). */
  baseUrlEnv?: string;
  /** Environment variables holding the key, first match wins; `[]` = no key needed. */
  apiKeyEnv: string[];
  /** Limits for a model id the catalog does not list (README.md: default limits). */
  defaultContextWindow: number;
  defaultMaxTokens: number;
}

/** The provider of a server named only by its URL (`--base-url` without `--provider`). */
export const OPENAI_COMPATIBLE = "openai-compatible";

const openaiCompatible = (name: string, baseUrl: string, apiKeyEnv: string[]): ProviderInfo => ({
  name,
  api: "openai-completions",
  baseUrl,
  apiKeyEnv,
  defaultContextWindow: 128_000,
  defaultMaxTokens: 16_384,
});

export const PROVIDERS: readonly ProviderInfo[] = [
  {
    name: "anthropic",
    api: "anthropic-messages",
    baseUrl: "https://api.anthropic.com",
    baseUrlEnv: "ANTHROPIC_BASE_URL",
    apiKeyEnv: ["ANTHROPIC_API_KEY"],
    defaultContextWindow: 200_000,
    defaultMaxTokens: 32_000,
  },
  {
    name: "openai",
    api: "openai-responses",
    baseUrl: "https://api.openai.com/v1",
    baseUrlEnv: "OPENAI_BASE_URL",
    apiKeyEnv: ["OPENAI_API_KEY"],
    defaultContextWindow: 128_000,
    defaultMaxTokens: 16_384,
  },
  openaiCompatible("openrouter", "https://openrouter.ai/api/v1", ["OPENROUTER_API_KEY"]),
  openaiCompatible("groq", "https://api.groq.com/openai/v1", ["GROQ_API_KEY"]),
  openaiCompatible("xai", "https://api.x.ai/v1", ["XAI_API_KEY"]),
  openaiCompatible("mistral", "https://api.mistral.ai/v1", ["MISTRAL_API_KEY"]),
  openaiCompatible("deepseek", "https://api.deepseek.com/v1", ["DEEPSEEK_API_KEY"]),
  openaiCompatible("cerebras", "https://api.cerebras.ai/v1", ["CEREBRAS_API_KEY"]),
  openaiCompatible("ollama", "http://localhost:11434/v1", []),
  openaiCompatible("lmstudio", "http://localhost:1234/v1", []),
  openaiCompatible("vllm", "http://localhost:8000/v1", []),
  // Any OpenAI-compatible server (llama.cpp's llama-server listens on 8080): what
  // `--base-url` without a provider talks to, with no key unless one is given.
  openaiCompatible(OPENAI_COMPATIBLE, "http://localhost:8080/v1", []),
];

type CatalogEntry = [
  id: string,
  name: string,
  contextWindow: number,
  maxTokens: number,
  cost: [input: number, output: number, cacheRead: number, cacheWrite: number],
  reasoning: boolean,
  images: boolean,
];

/**
 * Prices in dollars per million tokens from the providers' public price lists (Nov 2026;
 * Anthropic cache read = 0.1× input, 5-minute cache write = 1.25× input). Ids not
 * listed still work with the provider's default limits and no price.
 */
const CATALOG: Record<string, CatalogEntry[]> = {
  anthropic: [
    ["claude-opus-5-5", "Claude Opus 5.5", 1_000_000, 128_000, [4, 20, 0.4, 5], true, true],
    ["claude-sonnet-5-5", "Claude Sonnet 5.5", 1_000_000, 128_000, [2, 10, 0.2, 2.5], true, true],
    ["claude-fable-5-1", "Claude Fable 5.1", 1_000_000, 128_000, [10, 50, 1, 12.5], true, true],
    ["claude-opus-5", "Claude Opus 5", 1_000_000, 128_000, [5, 25, 0.5, 6.25], true, true],
    ["claude-opus-4-6", "Claude Opus 4.6", 1_000_000, 128_000, [5, 25, 0.5, 6.25], true, true],
    ["claude-sonnet-4-6", "Claude Sonnet 4.6", 1_000_000, 128_000, [3, 15, 0.3, 3.75], true, true],
    ["claude-opus-4-5", "Claude Opus 4.5", 200_000, 64_000, [5, 25, 0.5, 6.25], true, true],
    ["claude-sonnet-4-5", "Claude Sonnet 4.5", 200_000, 64_000, [3, 15, 0.3, 3.75], true, true],
    ["claude-haiku-4-5", "Claude Haiku 4.5", 200_000, 64_000, [1, 5, 0.1, 1.25], true, true],
    ["claude-opus-4-1", "Claude Opus 4.1", 200_000, 32_000, [15, 75, 1.5, 18.75], true, true],
    ["claude-sonnet-4-0", "Claude Sonnet 4", 200_000, 64_000, [3, 15, 0.3, 3.75], true, true],
    ["claude-3-5-haiku-latest", "Claude Haiku 3.5", 200_000, 8_192, [0.8, 4, 0.08, 1], false, true],
  ],
  openai: [
    ["gpt-5.4", "GPT-5.4", 400_000, 128_000, [2.5, 15, 0.25, 0], true, true],
    ["gpt-5.4-mini", "GPT-5.4 mini", 400_000, 128_000, [0.75, 4.5, 0.075, 0], true, true],
    ["gpt-5", "GPT-5", 400_000, 128_000, [1.25, 10, 0.125, 0], true, true],
    ["gpt-5-mini", "GPT-5 mini", 400_000, 128_000, [0.25, 2, 0.025, 0], true, true],
    ["gpt-5-nano", "GPT-5 nano", 400_000, 128_000, [0.05, 0.4, 0.005, 0], true, true],
    ["gpt-4.1", "GPT-4.1", 1_047_576, 32_768, [2, 8, 0.5, 0], false, true],
    ["gpt-4.1-mini", "GPT-4.1 mini", 1_047_576, 32_768, [0.4, 1.6, 0.1, 0], false, true],
    ["gpt-4o", "GPT-4o", 128_000, 16_384, [2.5, 10, 1.25, 0], false, true],
    ["gpt-4o-mini", "GPT-4o mini", 128_000, 16_384, [0.15, 0.6, 0.075, 0], false, true],
    ["o3", "o3", 200_000, 100_000, [2, 8, 0.5, 0], true, true],
    ["o4-mini", "o4-mini", 200_000, 100_000, [1.1, 4.4, 0.275, 0], true, true],
  ],
};

const ZERO_COST: ModelCost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

export function findProvider(name: string): ProviderInfo | undefined {
  return PROVIDERS.find((provider) => provider.name === name);
}

/** The provider's base URL, honouring its `*_BASE_URL` variable. */
export function providerBaseUrl(provider: ProviderInfo, env: NodeJS.ProcessEnv): string {
  const override = provider.baseUrlEnv ? env[provider.baseUrlEnv] : undefined;
  return override?.trim() ? override.trim().replace(/\/+$/, "") : provider.baseUrl;
}

export function catalogModels(provider: ProviderInfo, env: NodeJS.ProcessEnv): Model[] {
  const baseUrl = providerBaseUrl(provider, env);
  return (CATALOG[provider.name] ?? []).map(
    ([
      id,
      name,
      contextWindow,
      maxTokens,
      [input, output, cacheRead, cacheWrite],
      reasoning,
      images,
    ]) => ({
      id,
      name,
      api: provider.api,
      provider: provider.name,
      baseUrl,
      reasoning,
      input: images ? ["text", "image"] : ["text"],
      cost: { input, output, cacheRead, cacheWrite },
      contextWindow,
      maxTokens,
    }),
  );
}

/** A model id the catalog does not list, on a known provider: default limits, no price. */
export function defaultModel(provider: ProviderInfo, id: string, env: NodeJS.ProcessEnv): Model {
  return {
    id,
    name: id,
    api: provider.api,
    provider: provider.name,
    baseUrl: providerBaseUrl(provider, env),
    reasoning: false,
    input: ["text", "image"],
    cost: { ...ZERO_COST },
    contextWindow: provider.defaultContextWindow,
    maxTokens: provider.defaultMaxTokens,
  };
}
