/** grep's typed failures, each with the call that gets the model further. */
import { aborted, failure } from "../core/envelope.js";
import type { ToolResponse } from "../types.js";

export function globWithNul(problem: string): ToolResponse {
  return failure("INVALID_PARAM", `Invalid glob: ${problem} Nothing was searched.`, {
    next: ['grep(pattern=..., glob="*.ts") — a glob of names and folders, without \\u0000.'],
  });
}

/** A grep run that did not finish: aborted, a bad pattern or glob, or the engine failed. */
export interface GrepRunFailure {
  kind: "invalid_pattern" | "failed" | "aborted";
  message: string;
}

export function runFailure(
  run: GrepRunFailure,
  params: { pattern: string; glob?: string },
  display: string,
): ToolResponse {
  const extras = { pathResolved: display };
  if (run.kind === "aborted") return aborted(extras);
  if (run.kind === "invalid_pattern") {
    // rg reports a bad --glob the same way as a bad regex: say which one it was.
    if (params.glob && /glob/i.test(run.message)) {
      return failure(
        "INVALID_PARAM",
        `Invalid glob ${JSON.stringify(params.glob)}: ${run.message}`,
        {
          ...extras,
          next: ['grep(pattern=..., glob="*.ts") — globs use *, ** and {a,b}.'],
        },
      );
    }
    return failure(
      "INVALID_PARAM",
      `Invalid regular expression ${JSON.stringify(params.pattern)}: ${run.message}`,
      {
        ...extras,
        next: [
          `grep(pattern=${JSON.stringify(params.pattern)}, literal=true) to search for the text as-is, or escape the special characters.`,
        ],
      },
    );
  }
  return failure("EXECUTION_ERROR", `grep failed: ${run.message}`, {
    ...extras,
    next: [
      `grep(pattern=${JSON.stringify(params.pattern)}, path="${display}") again once, or bash(command="grep -rn ...") instead.`,
    ],
  });
}
