/**
 * Command-line parsing for `gong-rpc`: the flags it shares with the CLI (same names,
 * same values, same words for a wrong one: `@gong/protocol/session-flags`) plus its own. That module loads nothing else, so `--version` and `--help` never
 * load the runtime.
 */
import { type ParseArgsConfig, parseArgs as parseNodeArgs } from "node:util";
import {
  defaultSessionFlags,
  type FlagSetter,
  type FlagSwitch,
  SESSION_SWITCHES,
  SESSION_VALUE_FLAGS,
  type SessionOpeningFlags,
  sessionFlagsConflict,
  textFlag,
} from "@gong/protocol/session-flags";

export interface RpcArgs extends SessionOpeningFlags {
  acp: boolean;
  /** The project folder (default: the current one). */
  cwd?: string;
  continue: boolean;
  noSession: boolean;
  allowPaths: string[];
  /** Load this folder's executable project configuration (the editor asked the user). */
  trust: boolean;
  /** How long a confirmation request waits for the client's answer before it denies. */
  confirmTimeoutMs: number;
  version: boolean;
  help: boolean;
}

export type ParseResult = { ok: true; args: RpcArgs } | { ok: false; error: string };

const DEFAULT_CONFIRM_TIMEOUT_S = 60;

/** Flags that take no value: the field each sets. */
const SWITCHES: Record<
  string,
  FlagSwitch<"acp" | "continue" | "noSession" | "trust" | "version" | "help">
> = {
  acp: { field: "acp" },
  ...SESSION_SWITCHES,
  version: { short: "v", field: "version" },
  help: { short: "h", field: "help" },
};

/** Flags that take a value. */
const VALUE_FLAGS: Record<string, FlagSetter<RpcArgs>> = {
  cwd: textFlag((args: RpcArgs, value) => {
    args.cwd = value;
  }),
  ...SESSION_VALUE_FLAGS,
  "confirm-timeout": (args, value, flag) => {
    const seconds = Number(value);
    if (!(seconds > 0)) return `${flag} must be a number of seconds > 0`;
    args.confirmTimeoutMs = seconds * 1000;
    return undefined;
  },
};

const NODE_OPTIONS: NonNullable<ParseArgsConfig["options"]> = Object.fromEntries([
  ...Object.entries(SWITCHES).map(([name, { short }]) => [
    name,
    short ? { type: "boolean", short } : { type: "boolean" },
  ]),
  ...Object.keys(VALUE_FLAGS).map((name) => [name, { type: "string" }]),
]);

export function parseArgs(argv: string[]): ParseResult {
  let tokens: NonNullable<ReturnType<typeof parseNodeArgs>["tokens"]>;
  try {
    // Strict: an unknown flag, a missing value or a positional is node's usage error.
    ({ tokens } = parseNodeArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: NODE_OPTIONS,
      tokens: true,
    }));
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const args: RpcArgs = {
    ...defaultSessionFlags(),
    acp: false,
    confirmTimeoutMs: DEFAULT_CONFIRM_TIMEOUT_S * 1000,
    version: false,
    help: false,
  };
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const switchFlag = SWITCHES[token.name];
    if (switchFlag) {
      args[switchFlag.field] = true;
      continue;
    }
    const error = VALUE_FLAGS[token.name]!(args, token.value ?? "", `--${token.name}`);
    if (error) return { ok: false, error };
  }
  const conflict = sessionFlagsConflict(args);
  if (conflict) return { ok: false, error: conflict };
  return { ok: true, args };
}
