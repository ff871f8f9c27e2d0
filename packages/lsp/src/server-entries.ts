/**
 * Which language servers a session may start: the built-in entries (servers users
 * already have; nothing is downloaded) with the settings' `lsp` entries over them, key by
 * key, so `{typescript: {disabled: true}}` turns one off and a new name adds a server.
 */

/** One server as settings write it (`lsp: {<name>: {...}}`). */
export interface LanguageServerSetting {
  command?: string;
  args?: string[];
  /** File extensions with their dot: `.ts`. */
  extensions?: string[];
  /** Files or folders that mark a project root (`package.json`); the nearest one above a file wins. */
  rootMarkers?: string[];
  initializationOptions?: unknown;
  disabled?: boolean;
}

/** A server entry with everything needed to start it. */
export interface LanguageServerEntry {
  name: string;
  command: string;
  args: string[];
  extensions: string[];
  rootMarkers: string[];
  initializationOptions?: unknown;
}

export const BUILT_IN_SERVERS: readonly LanguageServerEntry[] = [
  {
    name: "typescript",
    command: "typescript-language-server",
    args: ["--stdio"],
    extensions: [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"],
    rootMarkers: ["tsconfig.json", "jsconfig.json", "package.json"],
  },
  {
    name: "python",
    command: "pyright-langserver",
    args: ["--stdio"],
    extensions: [".py", ".pyi"],
    rootMarkers: [
      "pyproject.toml",
      "pyrightconfig.json",
      "setup.py",
      "setup.cfg",
      "requirements.txt",
    ],
  },
  {
    name: "go",
    command: "gopls",
    args: [],
    extensions: [".go"],
    rootMarkers: ["go.work", "go.mod"],
  },
  {
    name: "rust",
    command: "rust-analyzer",
    args: [],
    extensions: [".rs"],
    rootMarkers: ["Cargo.toml"],
  },
];

/**
 * The built-in entries with the settings applied. A settings entry for a new name needs
 * `command` and `extensions`; one without them is left out with a warning naming what
 * is missing.
 */
export function languageServerEntries(
  settings: Record<string, LanguageServerSetting> | undefined,
  warn: (message: string) => void,
): LanguageServerEntry[] {
  const entries = new Map(BUILT_IN_SERVERS.map((entry) => [entry.name, entry]));
  for (const [name, setting] of Object.entries(settings ?? {})) {
    if (setting.disabled) {
      entries.delete(name);
      continue;
    }
    const base = entries.get(name);
    const command = setting.command ?? base?.command;
    const extensions = setting.extensions ?? base?.extensions;
    if (command === undefined || extensions === undefined) {
      warn(
        `settings lsp.${name}: a new language server needs "command" and "extensions" (for example {"command": "my-server", "args": ["--stdio"], "extensions": [".foo"]}); it was not added`,
      );
      continue;
    }
    entries.set(name, {
      name,
      command,
      args: setting.args ?? (setting.command === undefined ? (base?.args ?? []) : []),
      extensions: extensions.map((extension) =>
        extension.startsWith(".") ? extension.toLowerCase() : `.${extension.toLowerCase()}`,
      ),
      rootMarkers: setting.rootMarkers ?? base?.rootMarkers ?? [],
      ...(setting.initializationOptions !== undefined
        ? { initializationOptions: setting.initializationOptions }
        : base?.initializationOptions !== undefined
          ? { initializationOptions: base.initializationOptions }
          : {}),
    });
  }
  return [...entries.values()];
}

const LANGUAGE_IDS: Record<string, string> = {
  ".ts": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".tsx": "typescriptreact",
  ".js": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
  ".jsx": "javascriptreact",
  ".py": "python",
  ".pyi": "python",
  ".go": "go",
  ".rs": "rust",
};

/** The LSP language id of a file extension; the extension without its dot otherwise. */
export function languageIdOf(extension: string): string {
  return LANGUAGE_IDS[extension] ?? extension.replace(/^\./, "");
}
