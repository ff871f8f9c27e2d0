import {
  type CodingSession,
  type OutputSchema,
  type RunLimits,
  runForTypedOutput,
  type TypedRunOutcome,
} from "@gong/runtime";
import type { CliArgs } from "../args.js";

/** What a headless run (print or json mode) is held to: `--max-turns`, `--max-budget-usd`, `--output-schema`. */
export interface HeadlessTerms {
  limits: RunLimits;
  schema?: OutputSchema;
}

export function headlessLimits(args: CliArgs): RunLimits {
  return {
    ...(args.maxTurns !== undefined ? { maxTurns: args.maxTurns } : {}),
    ...(args.maxBudgetUsd !== undefined ? { maxBudgetUsd: args.maxBudgetUsd } : {}),
  };
}

/** Runs the prompts as one run under the limits; with a schema, the answer must match it. */
export function runHeadless(
  session: CodingSession,
  prompts: string[],
  terms: HeadlessTerms,
): Promise<TypedRunOutcome> {
  const options = { limits: terms.limits };
  return terms.schema
    ? runForTypedOutput(session, prompts, terms.schema, options)
    : session.run(prompts, options);
}
