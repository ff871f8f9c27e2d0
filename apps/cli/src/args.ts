/**
 * Command-line parsing for `gong` (ARCHITECTURE §7: the flags are the contract). Pure and
 * dependency-free so `--version` and `--help` never load the runtime.
 */

import { suggestFlag } from "./suggest-flag.js";

export type Mode = "text" | "json";
export type ThinkingFlag = "off" | "low" | "medium" | "high";
export type PresetFlag = "default" | "minimal" | "readonly";
export type OutputLevelFlag = "brief" | "standard" | "full";

export interface CliArgs {
  print: boolean;
  mode: Mode;
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  thinking?: ThinkingFlag;
  tools?: string[];
  preset?: PresetFlag;
  continue: boolean;
  /** `-r` alone → `true` (list the sessions to choose from); `-r <id>` → the id prefix. */
  resume?: string | true;
  session?: string;
  sessionDir?: string;
  noSession: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  allowPaths: string[];
  outputLevel?: OutputLevelFlag;
  export?: { session: string; out?: string };
  /** `--compact` with `-c` / `-r <id>`: compact that stored session, send no prompt. */
  compact: boolean;
  /** Trust this project folder and record it in the user settings (`trustedFolders`). */
  trust: boolean;
  /** `--list-models` alone → `true`; with a search term → the term. */
  listModels?: string | true;
  version: boolean;
  help: boolean;
  verbose: boolean;
  messages: string[];
}

export type ParseResult = { ok: true; args: CliArgs } | { ok: false; error: string };

const MODES = ["text", "json"] as const;
const THINKING = ["off", "low", "medium", "high"] as const;
const PRESETS = ["default", "minimal", "readonly"] as const;
const OUTPUT_LEVELS = ["brief", "standard", "full"] as const;

/** Flags that take a value, by every spelling, mapped to their long name. */
const VALUE_FLAGS: Record<string, string> = {
  "--mode": "--mode",
  "--provider": "--provider",
  "--model": "--model",
  "--api-key": "--api-key",
  "--base-url": "--base-url",
  "--thinking": "--thinking",
  "--tools": "--tools",
  "--preset": "--preset",
  "--session": "--session",
  "--session-dir": "--session-dir",
  "--system-prompt": "--system-prompt",
  "--append-system-prompt": "--append-system-prompt",
  "--allow-path": "--allow-path",
  "--output-level": "--output-level",
  "--export": "--export",
};

/** Flags that take no value. */
const SWITCHES: Record<string, string> = {
  "-p": "--print",
  "--print": "--print",
  "-c": "--continue",
  "--continue": "--continue",
  "--no-session": "--no-session",
  "-v": "--version",
  "--version": "--version",
  "-h": "--help",
  "--help": "--help",
  "--verbose": "--verbose",
  "--trust": "--trust",
  "--compact": "--compact",
};

/** Flags whose value is optional (taken only when the next word looks like one). */
const OPTIONAL_VALUE_FLAGS: Record<string, string> = {
  "-r": "--resume",
  "--resume": "--resume",
  "--list-models": "--list-models",
};

/**
 * After `-r`, one word (no spaces) is the session id or file — also when it is not hex,
 * so a mistyped id fails with "No session id starts with …" instead of becoming the
 * prompt; a phrase with spaces is the message.
 */
const SESSION_REF = /^\S+$/;

export function parseArgs(argv: string[]): ParseResult {
  const args: CliArgs = {
    print: false,
    mode: "text",
    continue: false,
    noSession: false,
    allowPaths: [],
    trust: false,
    compact: false,
    version: false,
    help: false,
    verbose: false,
    messages: [],
  };
  const positionals: string[] = [];
  let exportPending = false;

  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!word.startsWith("-") || word === "-") {
      positionals.push(word);
      continue;
    }
    const eq = word.startsWith("--") ? word.indexOf("=") : -1;
    const name = eq > 0 ? word.slice(0, eq) : word;
    const inline = eq > 0 ? word.slice(eq + 1) : undefined;

    const switchName = SWITCHES[name];
    if (switchName) {
      if (inline !== undefined) return usage(`${switchName} does not take a value`);
      if (switchName === "--print") args.print = true;
      else if (switchName === "--continue") args.continue = true;
      else if (switchName === "--no-session") args.noSession = true;
      else if (switchName === "--version") args.version = true;
      else if (switchName === "--help") args.help = true;
      else if (switchName === "--trust") args.trust = true;
      else if (switchName === "--compact") args.compact = true;
      else args.verbose = true;
      continue;
    }

    const optionalName = OPTIONAL_VALUE_FLAGS[name];
    if (optionalName) {
      let value: string | undefined = inline;
      const next = argv[i + 1];
      if (value === undefined && next !== undefined && !next.startsWith("-")) {
        if (optionalName === "--list-models" || SESSION_REF.test(next)) {
          value = next;
          i++;
        }
      }
      if (optionalName === "--resume") args.resume = value || true;
      else args.listModels = value || true;
      continue;
    }

    const valueName = VALUE_FLAGS[name];
    if (!valueName) return unknownOption(name);
    let value = inline;
    if (value === undefined) {
      const next = argv[i + 1];
      if (next === undefined) return usage(`${valueName} needs a value`);
      value = next;
      i++;
    }
    const error = applyValue(args, valueName, value);
    if (error) return usage(error);
    if (valueName === "--export") exportPending = true;
  }

  if (exportPending && args.export) {
    // Checked first: `--export <id> -p "x"` would otherwise write an output file named x.
    if (args.print) {
      return usage(
        "--export writes a session to HTML and cannot be combined with -p/--print: run them separately",
      );
    }
    // `--export <session> [out.html]`: the first positional after it is the output file.
    const out = positionals.shift();
    if (out !== undefined) args.export.out = out;
    if (positionals.length > 0) return usage(`--export takes <session> [out.html], not a message`);
  }
  args.messages = positionals;
  return validate(args);
}

function applyValue(args: CliArgs, flag: string, value: string): string | undefined {
  switch (flag) {
    case "--mode":
      if (!oneOf(MODES, value)) return invalidChoice(flag, value, MODES);
      args.mode = value;
      return;
    case "--thinking":
      if (!oneOf(THINKING, value)) return invalidChoice(flag, value, THINKING);
      args.thinking = value;
      return;
    case "--preset":
      if (!oneOf(PRESETS, value)) return invalidChoice(flag, value, PRESETS);
      args.preset = value;
      return;
    case "--output-level":
      if (!oneOf(OUTPUT_LEVELS, value)) return invalidChoice(flag, value, OUTPUT_LEVELS);
      args.outputLevel = value;
      return;
    case "--tools":
      args.tools = value
        .split(",")
        .map((t) => t.trim())
        .filter((t) => t.length > 0);
      return;
    case "--allow-path":
      if (value === "") return `${flag} needs a directory`;
      args.allowPaths.push(value);
      return;
    case "--export":
      args.export = { session: value };
      return;
  }
  if (value === "") return `${flag} needs a non-empty value`;
  if (flag === "--provider") args.provider = value;
  else if (flag === "--model") args.model = value;
  else if (flag === "--api-key") args.apiKey = value;
  else if (flag === "--base-url") args.baseUrl = value;
  else if (flag === "--session") args.session = value;
  else if (flag === "--session-dir") args.sessionDir = value;
  else if (flag === "--system-prompt") args.systemPrompt = value;
  else if (flag === "--append-system-prompt") args.appendSystemPrompt = value;
  return;
}

/** Combinations that cannot mean anything. */
function validate(args: CliArgs): ParseResult {
  const sources = [
    args.continue && "-c/--continue",
    args.resume !== undefined && "-r/--resume",
    args.session !== undefined && "--session",
  ].filter(Boolean);
  if (sources.length > 1)
    return usage(`${sources.join(" and ")} cannot be combined: pick one session`);
  if (args.noSession && sources.length > 0) {
    return usage(`--no-session cannot be combined with ${sources[0]}`);
  }
  if (args.compact && !args.continue && typeof args.resume !== "string") {
    return usage("--compact needs -c or -r <id>: it compacts a stored session");
  }
  if (args.baseUrl !== undefined && !/^https?:\/\//i.test(args.baseUrl)) {
    return usage(`--base-url must start with http:// or https:// (got "${args.baseUrl}")`);
  }
  return { ok: true, args };
}

function unknownOption(name: string): ParseResult {
  const known = [SWITCHES, VALUE_FLAGS, OPTIONAL_VALUE_FLAGS].flatMap((flags) =>
    Object.keys(flags).filter((flag) => flag.startsWith("--")),
  );
  const suggestion = suggestFlag(name, known);
  return usage(`unknown option ${name}${suggestion ? ` (did you mean ${suggestion}?)` : ""}`);
}

function oneOf<T extends string>(choices: readonly T[], value: string): value is T {
  return (choices as readonly string[]).includes(value);
}

function invalidChoice(flag: string, value: string, choices: readonly string[]): string {
  return `${flag} must be one of ${choices.join(", ")} (got "${value}")`;
}

function usage(error: string): ParseResult {
  return { ok: false, error };
}
