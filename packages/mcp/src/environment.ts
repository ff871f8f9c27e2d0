/**
 * What a stdio server process inherits: the basics a program needs to run (PATH, HOME,
 * the user and shell, locale, temp folder) plus the entry's own `env` — never the rest
 * of gong's environment, which holds the provider API keys gong pays with. A server
 * that needs a key says so in its entry (`"env": {"TOKEN": "${TOKEN}"}`).
 */
const INHERITED = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "TERM",
  "LANG",
  "LANGUAGE",
  "TZ",
  "TMPDIR",
  "TEMP",
  "TMP",
  // Windows needs these to start most programs at all.
  "SYSTEMROOT",
  "APPDATA",
  "LOCALAPPDATA",
  "USERPROFILE",
  "PATHEXT",
  "COMSPEC",
];

export function serverEnvironment(
  env: NodeJS.ProcessEnv,
  entryEnv: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (INHERITED.includes(name) || name.startsWith("LC_")) out[name] = value;
  }
  return { ...out, ...entryEnv };
}
