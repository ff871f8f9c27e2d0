import type { Model, StreamOptions } from "@gong/llm";

/**
 * A key, or a key with where it came from (named in the error when it is rejected), or
 * why there is none (the call then fails with that error: no other key is tried).
 */
export type ApiKeyAnswer =
  | string
  | { apiKey: string; source: string }
  | { error: string }
  | undefined;

export type GetApiKey = (provider: string, model: Model) => ApiKeyAnswer | Promise<ApiKeyAnswer>;

/**
 * The options of one LLM call to `model` (the one the call goes to: an active skill may
 * switch to another provider). With `getApiKey` its answer is the key, or none: a fixed
 * `streamOptions.apiKey` never goes to a provider the hook has no key for (test/skills.test.ts "item 5").
 */
export async function streamOptionsFor(
  model: Model,
  base: Omit<StreamOptions, "signal" | "thinking"> | undefined,
  getApiKey: GetApiKey | undefined,
): Promise<StreamOptions> {
  const options: StreamOptions = { ...base };
  if (!getApiKey) return options;
  const key = await getApiKey(model.provider, model);
  delete options.apiKey;
  delete options.apiKeySource;
  if (typeof key === "string") options.apiKey = key;
  else if (key && "error" in key) options.apiKeyError = key.error;
  else if (key) {
    options.apiKey = key.apiKey;
    options.apiKeySource = key.source;
  }
  return options;
}
