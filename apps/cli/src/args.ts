/**
 * Command-line parsing for `gong` (README.md: the flags are the contract). Pure;
 * the flags gong-rpc takes too come from `@gong/protocol/session-flags`, which loads
 * nothing else, so `--version` and `--help` never load the runtime.
 */

import { parseArgs as nodeParseArgs, type ParseArgsConfig } from "node:util";
import {
  choiceFlag,
  defaultSessionFlags,
  type FlagSetter,
  type FlagSwitch,
  OUTPUT_LEVELS,
  type OutputLevelFlag,
  SESSION_SWITCHES,
  SESSION_VALUE_FLAGS,
  type SessionOpeningFlags,
  sessionFlagsConflict,
  textFlag,
} from "@gong/protocol/session-flags";
import { type McpEditCommand, parseMcpEdit } from "./mcp-edit-args.js";
import { suggestFlag } from "./suggest-flag.js";
import { splitWebFlags, type WebOptions } from "./web/web-args.js";

export type Mode = "text" | "json";

/** gong's flags: the ones gong-rpc takes too (@gong/protocol/session-flags), then its own. */
export interface CliArgs extends SessionOpeningFlags {
  print: boolean;
  mode: Mode;
  continue: boolean;
  /** `-r` alone → `true` (list the sessions to choose from); `-r <id>` → the id prefix. */
  resume?: string | true;
  noSession: boolean;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  allowPaths: string[];
  /** `--mcp-config <file>` (repeatable): MCP servers for this run, `.mcp.json` shape. */
  mcpConfig: string[];
  /** `gong mcp list` / `gong mcp get <name>`: the MCP servers' status, no prompt. */
  mcpCommand?:
    | { name: "list" }
    | { name: "get" | "login" | "logout"; server: string }
    | McpEditCommand;
  /**
   * `--worktree [name]`: run the session in the git worktree `.gong/worktrees/<name>` on
   * branch `gong/<name>` (`true`: a new name).
   */
  worktree?: string | true;
  /** `gong worktree list` / `gong worktree remove <name> [--force]`: no prompt. */
  worktreeCommand?: WorktreeCommand;
  /** `gong web`: serve the session on a local page instead of running a prompt. */
  web?: WebOptions;
  outputLevel?: OutputLevelFlag;
  export?: { session: string; out?: string };
  /** `--compact` with `-c` / `-r <id>`: compact that stored session, send no prompt. */
  compact: boolean;
  /** `-r --all`: the sessions of every folder, not only this one's. */
  all: boolean;
  /**
   * `--rewind` with `-c` / `-r <id>`: alone (`true`) lists the session's checkpoints; with
   * an entry id, rewinds to it.
   */
  rewind?: string | true;
  /** `--restore code|conversation|both` (with `--rewind <id>`; default both). */
  restore?: "code" | "conversation" | "both";
  /** Trust this project folder and record it in the user settings (`trustedFolders`). */
  trust: boolean;
  /**
   * Allow the tool calls that need the user's yes (settings `confirmBash`, a hook's
   * `ask`) without asking: print and json mode deny them otherwise.
   */
  yes: boolean;
  /** `--max-turns N`: the run stops before its (N+1)th model call (exit 1, `run_end.reason`). */
  maxTurns?: number;
  /** `--max-budget-usd X`: the run stops before a model call once X dollars are spent. */
  maxBudgetUsd?: number;
  /** `--output-schema <file.json>`: the final answer is one JSON value valid against it. */
  outputSchema?: string;
  /** `--list-models` alone → `true`; with a search term → the term. */
  listModels?: string | true;
  version: boolean;
  help: boolean;
  verbose: boolean;
  messages: string[];
}

export type WorktreeCommand =
  | { name: "list" }
  | { name: "remove"; worktree: string; force: boolean };

export type ParseResult = { ok: true; args: CliArgs } | { ok: false; error: string };

const MODES = ["text", "json"] as const;

type SwitchField =
  | "print"
  | "continue"
  | "noSession"
  | "version"
  | "help"
  | "verbose"
  | "trust"
  | "yes"
  | "compact"
  | "all";

/** Flags that take no value: the field each sets. */
const SWITCHES: Record<string, FlagSwitch<SwitchField>> = {
  print: { short: "p", field: "print" },
  ...SESSION_SWITCHES,
  version: { short: "v", field: "version" },
  help: { short: "h", field: "help" },
  verbose: { field: "verbose" },
  yes: { field: "yes" },
  compact: { field: "compact" },
  all: { field: "all" },
};

/** Flags that take a value. */
const VALUE_FLAGS: Record<string, FlagSetter<CliArgs>> = {
  mode: choiceFlag(MODES, (args: CliArgs, value) => {
    args.mode = value;
  }),
  ...SESSION_VALUE_FLAGS,
  "system-prompt": textFlag((args: CliArgs, value) => {
    args.systemPrompt = value;
  }),
  "append-system-prompt": textFlag((args: CliArgs, value) => {
    args.appendSystemPrompt = value;
  }),
  "output-level": choiceFlag(OUTPUT_LEVELS, (args: CliArgs, value) => {
    args.outputLevel = value;
  }),
  export: (args, value) => {
    args.export = { session: value };
    return undefined;
  },
  restore: choiceFlag(["code", "conversation", "both"] as const, (args: CliArgs, value) => {
    args.restore = value;
  }),
  "max-turns": (args, value, flag) => {
    if (!/^[1-9]\d*$/.test(value))
      return `${flag} needs a whole number of turns ≥ 1 (got "${value}")`;
    args.maxTurns = Number(value);
    return undefined;
  },
  "max-budget-usd": (args, value, flag) => {
    const dollars = Number(value);
    if (!/^\d*\.?\d+$/.test(value) || !(dollars > 0))
      return `${flag} needs an amount of dollars above 0, e.g. 0.50 (got "${value}")`;
    args.maxBudgetUsd = dollars;
    return undefined;
  },
  "output-schema": textFlag((args: CliArgs, value) => {
    args.outputSchema = value;
  }),
};

/**
 * After `-r`, one word (no spaces) is the session id or file — also when it is not hex,
 * so a mistyped id fails with "No session id starts with …" instead of becoming the
 * prompt; a phrase with spaces is the message.
 */
const SESSION_REF = /^\S+$/;

/**
 * Flags whose value is optional: `node:util` has no such kind, so they are parsed as
 * switches and take the next word themselves when `accepts` it.
 */
const OPTIONAL_VALUE_FLAGS: Record<
  string,
  {
    short?: string;
    accepts: (word: string) => boolean;
    set: (args: CliArgs, value: string | true) => void;
  }
> = {
  resume: {
    short: "r",
    accepts: (word) => SESSION_REF.test(word),
    set: (args, value) => {
      args.resume = value;
    },
  },
  rewind: {
    accepts: (word) => SESSION_REF.test(word),
    set: (args, value) => {
      args.rewind = value;
    },
  },
  worktree: {
    accepts: (word) => SESSION_REF.test(word),
    set: (args, value) => {
      args.worktree = value;
    },
  },
  "list-models": {
    accepts: () => true,
    set: (args, value) => {
      args.listModels = value;
    },
  },
};

/**
 * What `node:util` parses. Order matters: unknown-flag suggestions take the first of
 * equally close names.
 */
const NODE_OPTIONS: NonNullable<ParseArgsConfig["options"]> = Object.fromEntries([
  ...Object.entries(SWITCHES).map(([name, { short }]) => [name, switchOption(short)]),
  ...Object.keys(VALUE_FLAGS).map((name) => [name, { type: "string" }]),
  ...Object.entries(OPTIONAL_VALUE_FLAGS).map(([name, { short }]) => [name, switchOption(short)]),
]);

function switchOption(short: string | undefined): { type: "boolean"; short?: string } {
  return short ? { type: "boolean", short } : { type: "boolean" };
}

type Token = NonNullable<ReturnType<typeof nodeParseArgs>["tokens"]>[number];
type OptionToken = Extract<Token, { kind: "option" }>;

export function parseArgs(argv: string[]): ParseResult {
  // `gong mcp add|remove` have flags of their own and a server command line after `--`.
  if (argv[0] === "mcp" && (argv[1] === "add" || argv[1] === "remove")) {
    const edit = parseMcpEdit(argv[1], argv.slice(2));
    if (!edit.ok) return usage(edit.error);
    return { ok: true, args: { ...defaultArgs(), mcpCommand: edit.command } };
  }
  if (argv[0] === "web") return webSubcommand(argv.slice(1));
  if (argv[0] === "worktree") return worktreeSubcommand(argv.slice(1));
  // Lenient: unknown flags and missing values come back as tokens, so the messages
  // (and the "did you mean" suggestion) are ours, reported in the order they occur.
  const { tokens } = nodeParseArgs({
    args: argv,
    options: NODE_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const args = defaultArgs();
  const positionals: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === "positional") positionals.push(token.value);
    if (token.kind !== "option") continue;
    const word = argv[token.index]!;
    // `node:util` splits `-pc` into -p and -c; gong has never read flags that way, and a
    // typo like `-rabc` must not silently mean `-r -a -b -c`.
    if (!word.startsWith("--") && word !== token.rawName) return usage(unknownOption(word));
    const optional = OPTIONAL_VALUE_FLAGS[token.name];
    if (optional) {
      const next = tokens[i + 1];
      const takesNext =
        token.value === undefined &&
        next?.kind === "positional" &&
        !next.value.startsWith("-") &&
        optional.accepts(next.value);
      if (takesNext) i++;
      optional.set(args, (takesNext ? next.value : token.value) || true);
      continue;
    }
    const error = applyOption(args, token);
    if (error) return usage(error);
  }
  // `gong mcp …` only as the very first word, as Claude Code has it: a prompt that
  // merely contains "mcp" stays a prompt.
  if (argv[0] === "mcp") return mcpSubcommand(args, positionals.slice(1));
  const withExport = placeExportFile(args, positionals);
  if (!withExport.ok) return withExport;
  return validate(withExport.args);
}

/** `gong web [--port N] [--host H] [--open]` with session flags, and no message. */
function webSubcommand(words: string[]): ParseResult {
  const split = splitWebFlags(words);
  if (!split.ok) return usage(split.error);
  const parsed = parseArgs(split.rest);
  if (!parsed.ok) return parsed;
  const { args } = parsed;
  if (args.messages.length > 0)
    return usage(`gong web takes no message (got "${args.messages[0]}"): type it on the page`);
  if (args.resume === true) return usage("gong web -r needs a session id; the page lists them too");
  if (args.print || args.export || args.compact || args.mcpCommand || args.listModels !== undefined)
    return usage(
      "gong web serves a session; run -p, --export, --compact, --list-models on their own",
    );
  return { ok: true, args: { ...args, web: split.web } };
}

const MCP_SUBCOMMANDS = "list, get <name>, add, remove, login <name>, logout <name>";

function mcpSubcommand(args: CliArgs, words: string[]): ParseResult {
  const [name, ...rest] = words;
  if (name === "list" && rest.length === 0) {
    return { ok: true, args: { ...args, mcpCommand: { name: "list" }, messages: [] } };
  }
  const server = rest[0];
  if ((name === "get" || name === "login" || name === "logout") && rest.length === 1 && server) {
    return { ok: true, args: { ...args, mcpCommand: { name, server }, messages: [] } };
  }
  if (name === "list") return usage("gong mcp list takes no arguments");
  if (name === "get" || name === "login" || name === "logout") {
    return usage(`gong mcp ${name} takes one server name`);
  }
  if (name === undefined) return usage(`gong mcp needs a subcommand: ${MCP_SUBCOMMANDS}`);
  return usage(`unknown subcommand gong mcp ${name} (available: ${MCP_SUBCOMMANDS})`);
}

const WORKTREE_SUBCOMMANDS = "list, remove <name> [--force]";

/** `gong worktree list` / `gong worktree remove <name> [--force]`: nothing else. */
function worktreeSubcommand(words: string[]): ParseResult {
  const [name, ...rest] = words;
  if (name === "list") {
    if (rest.length > 0) return usage("gong worktree list takes no arguments");
    return { ok: true, args: { ...defaultArgs(), worktreeCommand: { name: "list" } } };
  }
  if (name === "remove") {
    const force = rest.includes("--force");
    const names = rest.filter((word) => word !== "--force");
    const [worktree] = names;
    if (names.length !== 1 || !worktree || worktree.startsWith("-")) {
      return usage(
        "gong worktree remove takes one worktree name (and --force to discard its changes)",
      );
    }
    return { ok: true, args: { ...defaultArgs(), worktreeCommand: { name, worktree, force } } };
  }
  if (name === undefined) return usage(`gong worktree needs a subcommand: ${WORKTREE_SUBCOMMANDS}`);
  return usage(`unknown subcommand gong worktree ${name} (available: ${WORKTREE_SUBCOMMANDS})`);
}

function defaultArgs(): CliArgs {
  return {
    ...defaultSessionFlags(),
    print: false,
    mode: "text",
    yes: false,
    compact: false,
    all: false,
    version: false,
    help: false,
    verbose: false,
    messages: [],
  };
}

/** Applies a switch or a value flag; returns the usage error, if any. */
function applyOption(args: CliArgs, token: OptionToken): string | undefined {
  const long = `--${token.name}`;
  const switchFlag = SWITCHES[token.name];
  if (switchFlag) {
    if (token.value !== undefined) return `${long} does not take a value`;
    args[switchFlag.field] = true;
    return undefined;
  }
  const setValue = VALUE_FLAGS[token.name];
  if (!setValue) return unknownOption(token.rawName);
  if (token.value === undefined) return `${long} needs a value`;
  return setValue(args, token.value, long);
}

/**
 * `--export <session> [out.html]`: the first positional is the output file, and there is
 * no message. Checked before the file is taken: `--export <id> -p "x"` would otherwise
 * write an output file named x.
 */
function placeExportFile(args: CliArgs, positionals: string[]): ParseResult {
  if (!args.export) return { ok: true, args: { ...args, messages: positionals } };
  if (args.print) {
    return usage(
      "--export writes a session to HTML and cannot be combined with -p/--print: run them separately",
    );
  }
  const [out, ...rest] = positionals;
  if (rest.length > 0) return usage(`--export takes <session> [out.html], not a message`);
  const exported = out === undefined ? args.export : { ...args.export, out };
  return { ok: true, args: { ...args, export: exported, messages: [] } };
}

/** Combinations that cannot mean anything. */
function validate(args: CliArgs): ParseResult {
  const conflict = sessionFlagsConflict(args);
  if (conflict) return usage(conflict);
  if (args.compact && !args.continue && typeof args.resume !== "string") {
    return usage("--compact needs -c or -r <id>: it compacts a stored session");
  }
  if (args.rewind !== undefined && !args.continue && typeof args.resume !== "string") {
    return usage("--rewind needs -c or -r <id>: it rewinds a stored session");
  }
  if (args.all && args.resume !== true) {
    return usage("--all goes with -r alone: gong -r --all lists the sessions of every folder");
  }
  if (args.restore && typeof args.rewind !== "string") {
    return usage("--restore goes with --rewind <entryId>");
  }
  if (args.worktree !== undefined) {
    const alone = worktreeConflict(args);
    if (alone) return usage(alone);
  }
  return { ok: true, args };
}

/** `--worktree` picks the folder a session runs in: not for commands that pick their own. */
function worktreeConflict(args: CliArgs): string | undefined {
  if (typeof args.resume === "string")
    return "--worktree cannot go with -r <id>: a session resumes in its own folder (a worktree's in its worktree); use gong --worktree <name> -c";
  if (args.export) return "--worktree cannot go with --export: --export reads a stored session";
  if (args.listModels !== undefined) return "--worktree cannot go with --list-models";
  return undefined;
}

function unknownOption(name: string): string {
  const known = Object.keys(NODE_OPTIONS).map((flag) => `--${flag}`);
  const suggestion = suggestFlag(name, known);
  return `unknown option ${name}${suggestion ? ` (did you mean ${suggestion}?)` : ""}`;
}

function usage(error: string): ParseResult {
  return { ok: false, error };
}
