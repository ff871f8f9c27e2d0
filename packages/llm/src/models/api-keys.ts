import { findProvider } from "./catalog.js";

/** Environment variable names holding a provider's key (`[]` for local servers). */
export function apiKeyEnvNames(provider: string): string[] {
  const known = findProvider(provider);
  if (known) return known.apiKeyEnv;
  return [`${provider.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_API_KEY`];
}

/** The key for `provider` from the environment, or undefined when none is set. */
export function getApiKey(
  provider: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  return findApiKeyEnv(provider, env)?.apiKey;
}

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
