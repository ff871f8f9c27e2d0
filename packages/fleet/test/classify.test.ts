import { describe, expect, it } from "vitest";
import { classifyOutcome } from "../src/classify.ts";
import type { SessionOutcome } from "../src/session-run.ts";

function outcome(fields: Partial<SessionOutcome>): SessionOutcome {
  return {
    exitCode: 1,
    signal: null,
    output: "",
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    costUsd: 0,
    turns: 1,
    sessionFile: undefined,
    errorKind: undefined,
    errorMessage: undefined,
    ...fields,
  };
}

describe("classifyOutcome — what a run means for its BullMQ job", () => {
  it("a clean run completes", () => {
    expect(classifyOutcome(outcome({ exitCode: 0 }))).toEqual({ kind: "complete" });
  });

  it.each(["rate_limit", "overloaded", "network", "timeout", "server"])(
    "a provider failure (%s) is thrown for a retry with backoff",
    (errorKind) => {
      const verdict = classifyOutcome(outcome({ errorKind, errorMessage: "429 slow down" }));
      expect(verdict).toEqual({
        kind: "retry",
        reason: `provider failure (${errorKind}): 429 slow down`,
      });
    },
  );

  it("a task the agent failed (exit 1, no provider error) completes with its exit code: no retry", () => {
    expect(classifyOutcome(outcome({ exitCode: 1 }))).toEqual({ kind: "complete" });
    expect(classifyOutcome(outcome({ exitCode: 1, errorKind: "auth" }))).toEqual({
      kind: "complete",
    });
  });

  it("a usage error (the job's own flags) fails without a retry", () => {
    const verdict = classifyOutcome(
      outcome({ exitCode: 2, errorMessage: "gong: --max-turns needs a number" }),
    );
    expect(verdict).toEqual({
      kind: "fail",
      reason: "gong refused the job's flags: gong: --max-turns needs a number",
    });
  });
});
