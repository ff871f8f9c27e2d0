import type { UsageTotals } from "@gong/llm";
import type { RunOutcome, RunTotals } from "@gong/runtime";

/**
 * Why a run ended, in one word (`run_end.reason`): a script branches on it instead of
 * parsing `errorMessage`.
 */
export type RunEndReason =
  | "completed"
  | "error"
  | "aborted"
  | "max_turns"
  | "max_budget"
  | "invalid_output";

/** The last line of every json-mode run and of every gong-rpc prompt (docs/events.schema.json). */
export interface RunEndLine {
  type: "run_end";
  ok: boolean;
  aborted: boolean;
  errorMessage?: string;
  reason: RunEndReason;
  /** `--output-schema`: the answer's JSON value, valid against the schema. */
  output?: unknown;
  /** Model calls of the session's own agent in this run. */
  turns: number;
  /** Tokens of every model call of the run, the subagents' included. */
  usage: Omit<UsageTotals, "cost">;
  /** Dollars from the models' prices, the subagents' included. */
  costUsd: number;
  /** The session file, absent with `--no-session`. */
  sessionFile?: string;
}

/** `run_end` for a run's outcome; `output` and `outputErrors` come with `--output-schema`. */
export function runEndLine(
  outcome: RunOutcome & { output?: unknown; outputErrors?: string },
  totals: RunTotals,
  sessionFile: string | undefined,
): RunEndLine {
  const { cost: _cost, ...usage } = totals.usage;
  return {
    type: "run_end",
    ok: outcome.ok,
    aborted: outcome.aborted,
    ...(outcome.errorMessage && !outcome.ok ? { errorMessage: outcome.errorMessage } : {}),
    reason: reasonOf(outcome),
    ...(outcome.output !== undefined ? { output: outcome.output } : {}),
    turns: totals.turns,
    usage,
    costUsd: totals.costUsd,
    ...(sessionFile !== undefined ? { sessionFile } : {}),
  };
}

function reasonOf(outcome: RunOutcome & { outputErrors?: string }): RunEndReason {
  if (outcome.limit) return outcome.limit;
  if (outcome.aborted) return "aborted";
  if (outcome.outputErrors !== undefined) return "invalid_output";
  return outcome.ok ? "completed" : "error";
}
