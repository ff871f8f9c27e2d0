/**
 * Command-line parsing for `gong-rpc`: the CLI's session flags (same names, same
 * meaning; ARCHITECTURE §7) plus `--acp` and `--cwd`. Dependency-free so `--version`
 * and `--help` never load the runtime.
 */
import { parseArgs as parseNodeArgs } from "node:util";

export type ThinkingFlag = "off" | "minimal" | "low" | "medium" | "high";
export type PresetFlag = "default" | "minimal" | "readonly";

export interface RpcArgs {
  acp: boolean;
  cwd?: string;
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  thinking?: ThinkingFlag;
  preset?: PresetFlag;
  tools?: string[];
  /** A session file or id prefix to open. */
  session?: string;
  sessionDir?: string;
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

// Copies of llm's THINKING_LEVELS and tools' TOOL_PRESETS: importing them from
// @gong/runtime makes the bundle's entry load the runtime's whole chunk.
// test/args.test.ts pins each list to the runtime's export.
export const THINKING = ["off", "minimal", "low", "medium", "high"] as const;
export const PRESETS = ["default", "minimal", "readonly"] as const;
const DEFAULT_CONFIRM_TIMEOUT_S = 60;

export function parseArgs(argv: string[]): ParseResult {
  let values: ReturnType<typeof parse>["values"];
  try {
    ({ values } = parse(argv));
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const thinking = values.thinking;
  if (thinking !== undefined && !oneOf(THINKING, thinking))
    return invalidChoice("--thinking", thinking, THINKING);
  const preset = values.preset;
  if (preset !== undefined && !oneOf(PRESETS, preset))
    return invalidChoice("--preset", preset, PRESETS);
  const sources = [values.continue && "-c/--continue", values.session !== undefined && "--session"];
  const chosen = sources.filter(Boolean);
  if (chosen.length > 1)
    return { ok: false, error: `${chosen.join(" and ")} cannot be combined: pick one session` };
  if (values["no-session"] && chosen.length > 0)
    return { ok: false, error: `--no-session cannot be combined with ${chosen[0]}` };
  if (values["base-url"] !== undefined && !/^https?:\/\//i.test(values["base-url"]))
    return {
      ok: false,
      error: `--base-url must start with http:// or https:// (got "${values["base-url"]}")`,
    };
  const timeout = Number(values["confirm-timeout"] ?? DEFAULT_CONFIRM_TIMEOUT_S);
  if (!(timeout > 0))
    return { ok: false, error: `--confirm-timeout must be a number of seconds > 0` };
  const args: RpcArgs = {
    acp: values.acp ?? false,
    continue: values.continue ?? false,
    noSession: values["no-session"] ?? false,
    allowPaths: values["allow-path"] ?? [],
    trust: values.trust ?? false,
    confirmTimeoutMs: timeout * 1000,
    version: values.version ?? false,
    help: values.help ?? false,
  };
  if (values.cwd !== undefined) args.cwd = values.cwd;
  if (values.provider !== undefined) args.provider = values.provider;
  if (values.model !== undefined) args.model = values.model;
  if (values["api-key"] !== undefined) args.apiKey = values["api-key"];
  if (values["base-url"] !== undefined) args.baseUrl = values["base-url"];
  if (thinking !== undefined) args.thinking = thinking;
  if (preset !== undefined) args.preset = preset;
  if (values.tools !== undefined)
    args.tools = values.tools
      .split(",")
      .map((tool) => tool.trim())
      .filter((tool) => tool.length > 0);
  if (values.session !== undefined) args.session = values.session;
  if (values["session-dir"] !== undefined) args.sessionDir = values["session-dir"];
  return { ok: true, args };
}

function parse(argv: string[]) {
  return parseNodeArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      acp: { type: "boolean" },
      cwd: { type: "string" },
      provider: { type: "string" },
      model: { type: "string" },
      "api-key": { type: "string" },
      "base-url": { type: "string" },
      thinking: { type: "string" },
      preset: { type: "string" },
      tools: { type: "string" },
      session: { type: "string" },
      "session-dir": { type: "string" },
      continue: { type: "boolean", short: "c" },
      "no-session": { type: "boolean" },
      "allow-path": { type: "string", multiple: true },
      trust: { type: "boolean" },
      "confirm-timeout": { type: "string" },
      version: { type: "boolean", short: "v" },
      help: { type: "boolean", short: "h" },
    },
  });
}

function oneOf<T extends string>(choices: readonly T[], value: string): value is T {
  return (choices as readonly string[]).includes(value);
}

function invalidChoice(flag: string, value: string, choices: readonly string[]): ParseResult {
  return { ok: false, error: `${flag} must be one of ${choices.join(", ")} (got "${value}")` };
}
