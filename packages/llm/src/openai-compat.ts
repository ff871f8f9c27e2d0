import type { Model } from "./types.js";

/**
 * What an OpenAI-compatible server accepts. Profiles below are picked by provider name
 * or base URL; `model.compat` (e.g. from models.json) overrides any field.
 */
export interface OpenAICompat {
  /** `developer` instead of `system` for reasoning models (OpenAI only). */
  supportsDeveloperRole: boolean;
  /** Sends `reasoning_effort` for reasoning models. */
  supportsReasoningEffort: boolean;
  /** Sends `stream_options.include_usage` (Mistral rejects unknown fields). */
  supportsUsageInStreaming: boolean;
  maxTokensField: "max_completion_tokens" | "max_tokens";
  /** Tool messages need `name` (Mistral). */
  requiresToolResultName: boolean;
  /** Sends `store: false` so OpenAI keeps nothing. */
  supportsStore: boolean;
  /** Mistral ids are exactly 9 alphanumerics. */
  toolCallIdFormat: "any" | "mistral";
}

const GENERIC: OpenAICompat = {
  supportsDeveloperRole: false,
  supportsReasoningEffort: false,
  supportsUsageInStreaming: true,
  maxTokensField: "max_tokens",
  requiresToolResultName: false,
  supportsStore: false,
  toolCallIdFormat: "any",
};

export const COMPAT_PROFILES: Record<string, Partial<OpenAICompat>> = {
  openai: {
    supportsDeveloperRole: true,
    supportsReasoningEffort: true,
    maxTokensField: "max_completion_tokens",
    supportsStore: true,
  },
  openrouter: { supportsReasoningEffort: true },
  xai: { supportsReasoningEffort: true },
  groq: { supportsReasoningEffort: true },
  mistral: {
    supportsUsageInStreaming: false,
    requiresToolResultName: true,
    toolCallIdFormat: "mistral",
  },
  deepseek: {},
  cerebras: { maxTokensField: "max_completion_tokens" },
  ollama: {},
  lmstudio: {},
  vllm: {},
};

const URL_HINTS: [RegExp, string][] = [
  [/api\.openai\.com/, "openai"],
  [/openrouter\.ai/, "openrouter"],
  [/api\.x\.ai/, "xai"],
  [/api\.groq\.com/, "groq"],
  [/api\.mistral\.ai/, "mistral"],
  [/api\.deepseek\.com/, "deepseek"],
  [/api\.cerebras\.ai/, "cerebras"],
  [/:11434\b/, "ollama"],
  [/:1234\b/, "lmstudio"],
];

export function resolveCompat(model: Pick<Model, "provider" | "baseUrl" | "compat">): OpenAICompat {
  const profile =
    COMPAT_PROFILES[model.provider] ??
    COMPAT_PROFILES[URL_HINTS.find(([pattern]) => pattern.test(model.baseUrl))?.[1] ?? ""] ??
    {};
  return { ...GENERIC, ...profile, ...(model.compat as Partial<OpenAICompat> | undefined) };
}
