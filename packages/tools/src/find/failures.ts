/** find's typed failures, each with the call that gets the model further. */
import { aborted, failure } from "../core/envelope.js";
import type { ToolResponse } from "../types.js";

export function patternWithNul(problem: string): ToolResponse {
  return failure("INVALID_PARAM", `Invalid glob pattern: ${problem} Nothing was searched.`, {
    next: ['find(pattern="**/*.ts") — a glob of names and folders, without \\u0000.'],
  });
}

export function notAFolder(display: string): ToolResponse {
  return failure("NOT_A_DIRECTORY", `Not a directory: ${display}. find searches folders.`, {
    pathResolved: display,
    next: [`read(path="${display}") to read the file.`],
  });
}

/** A search that did not finish: aborted, a bad glob, or the engine failed. */
export function runFailure(
  run: { kind: "invalid_pattern" | "failed" | "aborted"; message: string },
  pattern: string,
  display: string,
): ToolResponse {
  const extras = { pathResolved: display };
  if (run.kind === "aborted") return aborted(extras);
  if (run.kind === "invalid_pattern") {
    return failure(
      "INVALID_PARAM",
      `Invalid glob pattern ${JSON.stringify(pattern)}: ${run.message}`,
      {
        ...extras,
        next: ['find(pattern="**/*.ts") — globs use *, ** and {a,b}.'],
      },
    );
  }
  return failure("EXECUTION_ERROR", `find failed: ${run.message}`, {
    ...extras,
    next: [`ls(path="${display}") to look at the folder directly.`],
  });
}
