/** What a producer puts on the queue: one headless gong session on one repository. */
export interface FleetJob {
  /** A git URL, or a path to a git repository on the worker's machine. */
  repo: string;
  /** Branch, tag or commit to check out (default: the remote's default branch). */
  ref?: string;
  prompt: string;
  /** Overrides the worker's `--model`. */
  model?: string;
  limits?: { maxTurns?: number; maxBudgetUsd?: number };
  /** A JSON Schema the final answer must match (`--output-schema`). */
  outputSchema?: Record<string, unknown>;
  /** Added to the session's environment. */
  env?: Record<string, string>;
}

export interface FleetUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** What a finished job holds (BullMQ's return value). */
export interface FleetResult {
  /** gong's exit code: 0 done, 1 the agent failed the task or hit a limit. */
  exitCode: number;
  /** `run_end.output` (with `--output-schema`), else the final answer's text. */
  output: unknown;
  usage: FleetUsage;
  costUsd: number;
  turns: number;
  /** The session file on the worker's machine (undefined with `--no-session`). */
  sessionFile: string | undefined;
  /** `git diff` of everything the agent changed against the checked-out ref, new files included. */
  diff: string;
  /** The worker that ran it (`host:pid`). */
  worker: string;
}

/** A job's progress while it runs. */
export interface FleetProgress {
  turn: number;
  costUsd: number;
}

const KEYS = new Set(["id", "repo", "ref", "prompt", "model", "limits", "outputSchema", "env"]);

/** One line of a tasks file: the job and, optionally, its own id. */
export interface FleetTask {
  id?: string;
  job: FleetJob;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function optionalString(value: Record<string, unknown>, key: string): string | undefined {
  const field = value[key];
  if (field === undefined) return undefined;
  if (typeof field !== "string" || field === "")
    throw new Error(`"${key}" must be a non-empty string`);
  return field;
}

function readLimits(value: unknown): FleetJob["limits"] {
  if (value === undefined) return undefined;
  if (!isRecord(value)) throw new Error('"limits" must be an object {maxTurns?, maxBudgetUsd?}');
  const { maxTurns, maxBudgetUsd } = value;
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && (maxTurns as number) > 0))
    throw new Error('"limits.maxTurns" must be a positive integer');
  if (maxBudgetUsd !== undefined && !(typeof maxBudgetUsd === "number" && maxBudgetUsd > 0))
    throw new Error('"limits.maxBudgetUsd" must be a positive number');
  return {
    ...(maxTurns !== undefined ? { maxTurns: maxTurns as number } : {}),
    ...(maxBudgetUsd !== undefined ? { maxBudgetUsd } : {}),
  };
}

function readEnv(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value) || Object.values(value).some((v) => typeof v !== "string"))
    throw new Error('"env" must be an object of strings');
  return value as Record<string, string>;
}

/** Checks one task object; throws an Error that says which field is wrong. */
export function readTask(value: unknown): FleetTask {
  if (!isRecord(value)) throw new Error("a task is a JSON object {repo, prompt, ...}");
  const unknown = Object.keys(value).filter((key) => !KEYS.has(key));
  if (unknown.length > 0)
    throw new Error(`unknown key "${unknown[0]}" (known: ${[...KEYS].join(", ")})`);
  const repo = optionalString(value, "repo");
  const prompt = optionalString(value, "prompt");
  if (repo === undefined) throw new Error('"repo" is required (a git URL or path)');
  if (prompt === undefined) throw new Error('"prompt" is required');
  const schema = value.outputSchema;
  if (schema !== undefined && !isRecord(schema))
    throw new Error('"outputSchema" must be a JSON Schema object');
  const job: FleetJob = { repo, prompt };
  const ref = optionalString(value, "ref");
  const model = optionalString(value, "model");
  const limits = readLimits(value.limits);
  const env = readEnv(value.env);
  if (ref !== undefined) job.ref = ref;
  if (model !== undefined) job.model = model;
  if (limits !== undefined) job.limits = limits;
  if (schema !== undefined) job.outputSchema = schema as Record<string, unknown>;
  if (env !== undefined) job.env = env;
  const id = optionalString(value, "id");
  return id === undefined ? { job } : { id, job };
}

/**
 * A tasks file (one JSON task a line, blank lines skipped). Every bad line is reported
 * with its number, and nothing is submitted unless all lines are good.
 */
export function parseTasksJsonl(
  text: string,
): { ok: true; tasks: FleetTask[] } | { ok: false; errors: string[] } {
  const tasks: FleetTask[] = [];
  const errors: string[] = [];
  text.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      tasks.push(readTask(JSON.parse(line)));
    } catch (error) {
      errors.push(`line ${index + 1}: ${(error as Error).message}`);
    }
  });
  if (errors.length > 0) return { ok: false, errors };
  if (tasks.length === 0) return { ok: false, errors: ["no tasks: the file has no JSON lines"] };
  return { ok: true, tasks };
}
