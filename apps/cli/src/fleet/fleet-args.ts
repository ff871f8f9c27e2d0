/**
 * `gong worker …` and `gong jobs …`: their own flags are taken out here; what is left of
 * a worker's command line are the session flags its jobs run with (checked by the main
 * parser, so a typo is a usage error now rather than a failed job later).
 */
import { parseArgs } from "../args.js";

export type FleetCommand =
  | {
      name: "worker";
      redisUrl: string;
      queue: string;
      concurrency: number;
      lockDurationMs?: number;
      ratePerMinute?: number;
      sessionArgs: string[];
    }
  | { name: "submit"; redisUrl: string; queue: string; file: string }
  | { name: "status" | "results"; redisUrl: string; queue: string; json: boolean }
  | { name: "cancel"; redisUrl: string; queue: string; id: string };

type Parsed = { ok: true; command: FleetCommand } | { ok: false; error: string };

const JOBS = "submit <tasks.jsonl>, status, results [--json], cancel <id>";
const WORKER_NUMBERS = {
  concurrency: "--concurrency",
  "lock-duration": "--lock-duration",
  "rate-limit": "--rate-limit",
} as const;

interface Split {
  values: Map<string, string>;
  json: boolean;
  rest: string[];
}

/** Takes `--name value` / `--name=value` for `names` (and `--json`) out of `words`. */
function split(words: readonly string[], names: readonly string[]): Split | string {
  const values = new Map<string, string>();
  const rest: string[] = [];
  let json = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    if (word === "--json") {
      json = true;
      continue;
    }
    const [flag, inline] = word.startsWith("--") ? word.slice(2).split(/=(.*)/s, 2) : [];
    if (flag === undefined || !names.includes(flag)) {
      rest.push(word);
      continue;
    }
    const value = inline ?? words[++i];
    if (value === undefined || value === "") return `--${flag} needs a value`;
    values.set(flag, value);
  }
  return { values, json, rest };
}

function positiveInteger(value: string | undefined, flag: string): number | string | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number > 0
    ? number
    : `${flag} takes a whole number above 0 (got "${value}")`;
}

function address(
  split: Split,
  env: NodeJS.ProcessEnv,
): { redisUrl: string; queue: string } | string {
  const redisUrl = split.values.get("redis") ?? env.GONG_REDIS_URL;
  if (!redisUrl)
    return "needs --redis <url> (or GONG_REDIS_URL), e.g. --redis redis://localhost:6379";
  return { redisUrl, queue: split.values.get("queue") ?? "gong" };
}

function workerCommand(words: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  const parts = split(words, ["redis", "queue", ...Object.keys(WORKER_NUMBERS)]);
  if (typeof parts === "string") return { ok: false, error: `gong worker: ${parts}` };
  const where = address(parts, env);
  if (typeof where === "string") return { ok: false, error: `gong worker ${where}` };
  const numbers: Record<string, number | undefined> = {};
  for (const [name, flag] of Object.entries(WORKER_NUMBERS)) {
    const number = positiveInteger(parts.values.get(name), flag);
    if (typeof number === "string") return { ok: false, error: `gong worker: ${number}` };
    numbers[name] = number;
  }
  if (parts.json)
    return { ok: false, error: "gong worker: --json is for gong jobs status|results" };
  const session = parseArgs(parts.rest);
  if (!session.ok) return { ok: false, error: `gong worker: ${session.error}` };
  if (session.args.messages.length > 0)
    return {
      ok: false,
      error: `gong worker takes no prompt (got "${session.args.messages[0]}"): prompts come with the jobs`,
    };
  const { concurrency, "lock-duration": lockDurationMs, "rate-limit": ratePerMinute } = numbers;
  return {
    ok: true,
    command: {
      name: "worker",
      ...where,
      concurrency: concurrency ?? 1,
      ...(lockDurationMs !== undefined ? { lockDurationMs } : {}),
      ...(ratePerMinute !== undefined ? { ratePerMinute } : {}),
      sessionArgs: parts.rest,
    },
  };
}

function jobsCommand(words: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  const parts = split(words, ["redis", "queue"]);
  if (typeof parts === "string") return { ok: false, error: `gong jobs: ${parts}` };
  const [name, ...args] = parts.rest;
  const unknownFlag = args.find((arg) => arg.startsWith("-"));
  if (unknownFlag) return { ok: false, error: `gong jobs: unknown option ${unknownFlag}` };
  if (name === undefined) return { ok: false, error: `gong jobs needs a subcommand: ${JOBS}` };
  const where = address(parts, env);
  if (typeof where === "string") return { ok: false, error: `gong jobs ${name} ${where}` };
  if (parts.json && name !== "status" && name !== "results")
    return { ok: false, error: `gong jobs ${name} has no --json` };
  if (name === "submit" || name === "cancel") {
    const [value, extra] = args;
    const what = name === "submit" ? "a tasks file (one JSON task a line)" : "a job id";
    if (value === undefined || extra !== undefined)
      return { ok: false, error: `gong jobs ${name} takes ${what}` };
    return name === "submit"
      ? { ok: true, command: { name, ...where, file: value } }
      : { ok: true, command: { name, ...where, id: value } };
  }
  if (name === "status" || name === "results") {
    if (args.length > 0) return { ok: false, error: `gong jobs ${name} takes no arguments` };
    return { ok: true, command: { name, ...where, json: parts.json } };
  }
  return { ok: false, error: `unknown subcommand gong jobs ${name} (available: ${JOBS})` };
}

/** `argv` starts with "worker" or "jobs". */
export function parseFleetArgs(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  return argv[0] === "worker" ? workerCommand(argv.slice(1), env) : jobsCommand(argv.slice(1), env);
}
