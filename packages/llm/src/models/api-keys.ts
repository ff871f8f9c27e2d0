import { findProvider, providerBaseUrl } from "./catalog.js";

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
 * the variable to set. With `baseUrl`, the standard variables are read only when it is
 * the provider's own endpoint (`sendsStandardKeyTo`).
 */
export function environmentApiKey(
  provider: string,
  env: NodeJS.ProcessEnv = process.env,
  baseUrl?: string,
): ApiKeyResult {
  if (!providerNeedsApiKey(provider)) return { ok: true, ...NO_KEY_NEEDED };
  if (baseUrl !== undefined && !sendsStandardKeyTo(provider, baseUrl, env))
    return { ok: false, error: foreignEndpointKeyMessage(provider, baseUrl, env) };
  const fromEnv = findApiKeyEnv(provider, env);
  if (fromEnv) {
    return {
      ok: true,
      apiKey: fromEnv.apiKey,
      source: `the environment variable ${fromEnv.envName}`,
    };
  }
  return { ok: false, error: missingApiKeyMessage(provider) };
}

/**
 * Whether a known provider's standard key (`ANTHROPIC_API_KEY`) may go to `baseUrl`:
 * only to that provider's own endpoint — the catalog's, or the one its `*_BASE_URL`
 * variable names (set beside the key, by the same user). Any other server (models.json
 * `baseUrl`, `--base-url`) gets a key only when one is given for it, so a proxy or a
 * mistyped URL never receives the user's Anthropic or OpenAI key.
 */
export function sendsStandardKeyTo(
  provider: string,
  baseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const known = findProvider(provider);
  if (!known) return true;
  const target = baseUrl.replace(/\/+$/, "");
  return target === known.baseUrl || target === providerBaseUrl(known, env);
}

function foreignEndpointKeyMessage(
  provider: string,
  baseUrl: string,
  env: NodeJS.ProcessEnv,
): string {
  const known = findProvider(provider)!;
  const name = apiKeyEnvNames(provider)[0]!;
  const own = providerBaseUrl(known, env);
  return `No API key for ${provider} at ${baseUrl}: ${name} is sent only to ${own}${known.baseUrlEnv ? ` (or where ${known.baseUrlEnv} points)` : ""}. Pass --api-key <key>, or name the key for this server in models.json (providers.${provider}.apiKey, e.g. "${name}").`;
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
