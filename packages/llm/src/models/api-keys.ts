import { findProvider } from "./catalog.js";

/** Environment variable names holding a provider's key (`[]` for local servers). */
export function apiKeyEnvNames(provider: string): string[] {
  const known = findProvider(provider);
  if (known) return known.apiKeyEnv;
  return [`${provider.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_API_KEY`];
}

/**
 * A key and where it came from — `--api-key`, `models.json (providers.x.apiKey)` or
 * `the environment variable X` — so a rejected key's error names what to fix.
 */
export interface ResolvedApiKey {
  apiKey: string;
  source: string;
}

export type ApiKeyResult = ({ ok: true } & ResolvedApiKey) | { ok: false; error: string };

/**
 * The environment step of the one key rule (the registry's `getApiKey` runs it after
 * `--api-key` and models.json; `stream` runs it alone when given no key): the
 * provider's standard variables, `"none"` for local servers, else the error that names
 * the variable to set.
 */
export function environmentApiKey(
  provider: string,
  env: NodeJS.ProcessEnv = process.env,
): ApiKeyResult {
  const fromEnv = findApiKeyEnv(provider, env);
  if (fromEnv) {
    return {
      ok: true,
      apiKey: fromEnv.apiKey,
      source: `the environment variable ${fromEnv.envName}`,
    };
  }
  if (!providerNeedsApiKey(provider)) return { ok: true, ...NO_KEY_NEEDED };
  return { ok: false, error: missingApiKeyMessage(provider) };
}

/** What a local server (Ollama, LM Studio, vLLM) gets: it accepts any key. */
export const NO_KEY_NEEDED: ResolvedApiKey = {
  apiKey: "none",
  source: "none needed (local server)",
};

/** The first of the provider's variables that holds a key, with its name (for errors). */
export function findApiKeyEnv(
  provider: string,
  env: NodeJS.ProcessEnv = process.env,
): { apiKey: string; envName: string } | undefined {
  for (const envName of apiKeyEnvNames(provider)) {
    const apiKey = env[envName]?.trim();
    if (apiKey) return { apiKey, envName };
  }
  return undefined;
}

/** Local servers (Ollama, LM Studio, vLLM) take any key. */
export function providerNeedsApiKey(provider: string): boolean {
  return apiKeyEnvNames(provider).length > 0;
}

/** What to tell the user when no key was found. */
export function missingApiKeyMessage(provider: string, envName?: string): string {
  const name = envName ?? apiKeyEnvNames(provider)[0] ?? "the provider's API key variable";
  return `No API key for provider "${provider}": set ${name} (e.g. export ${name}=...) or give an apiKey for it in models.json.`;
}
