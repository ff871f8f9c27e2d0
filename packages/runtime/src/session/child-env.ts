/**
 * The environment of the processes gong starts for the model and for hooks (bash, the
 * user's own `!cmd`, command hooks): gong's own provider API keys are left out, so a
 * command the model writes cannot read, and send away, the key gong pays with
 * (child-env.test.ts). Hooks are the user's code, but they see the model's tool input
 * and may run what it says: they get the same environment. Settings `passApiKeys`
 * (user settings, or a trusted project) names the keys to hand on anyway; settings `env`
 * (Claude Code's key) sets variables on top.
 */
export function childEnvironment(
  env: NodeJS.ProcessEnv,
  apiKeyVariables: readonly string[],
  passApiKeys: readonly string[] = [],
  settingsEnv: Readonly<Record<string, string>> = {},
): NodeJS.ProcessEnv {
  const passed = new Set(passApiKeys);
  const child = { ...env };
  for (const name of apiKeyVariables) {
    if (!passed.has(name)) delete child[name];
  }
  return { ...child, ...settingsEnv };
}
