import type { SessionOutcome } from "./session-run.js";

/**
 * Provider failures worth another attempt later (BullMQ's backoff): the run's error kind
 * as `@gong/llm` reports it. Auth, a bad request, an overflowing context are not: another
 * attempt fails the same way.
 */
const RETRYABLE_KINDS = new Set(["rate_limit", "overloaded", "network", "timeout", "server"]);

/** What a finished run means for its job. */
export type Verdict =
  | { kind: "complete" }
  | { kind: "retry"; reason: string }
  | { kind: "fail"; reason: string };

export function classifyOutcome(outcome: SessionOutcome): Verdict {
  if (outcome.exitCode === 0) return { kind: "complete" };
  if (outcome.errorKind && RETRYABLE_KINDS.has(outcome.errorKind)) {
    return {
      kind: "retry",
      reason: `provider failure (${outcome.errorKind}): ${outcome.errorMessage ?? "no message"}`,
    };
  }
  // Exit 2 is a usage error: the job's own flags (model, limits, schema) are wrong.
  if (outcome.exitCode === 2) {
    return {
      kind: "fail",
      reason: `gong refused the job's flags: ${outcome.errorMessage ?? ""}`.trim(),
    };
  }
  // The agent ran and failed the task (or hit a limit): a result, not a retry.
  return { kind: "complete" };
}
