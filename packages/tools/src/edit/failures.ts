/**
 * The envelopes that end an edit without changing the file (test/edit.test.ts). Each says
 * what was found and which call gets the model unstuck; none writes a byte.
 */
import type { ToolResponse } from "@gong/base";
import { failure } from "../core/envelope.js";
import type { EditSpan, MatchFailure } from "./match.js";

/** Names the edit in a message when the call had several. */
export function describeEdit(index: number, total: number): string {
  return total > 1 ? ` (edits[${index}])` : "";
}

export function matchFailureResponse(
  failureInfo: MatchFailure,
  display: string,
  total: number,
): ToolResponse {
  const which = describeEdit(failureInfo.index, total);
  if (failureInfo.kind === "not_found") {
    return failure(
      "NO_MATCH",
      `Could not find the exact text in ${display}${which}. The old text must match exactly including all whitespace and newlines.`,
      {
        pathResolved: display,
        data: { applied: false, edit_index: failureInfo.index },
        next: [
          `read(path="${display}") to copy the current text exactly.`,
          `grep(pattern="<a distinctive word from oldText>", path="${display}") to locate it.`,
        ],
      },
    );
  }
  const lines = failureInfo.lines.join(", ");
  return failure(
    "AMBIGUOUS_MATCH",
    `Found ${failureInfo.count} occurrences of the text in ${display}${which}. The text must be unique. Please provide more context to make it unique. Candidates at lines ${lines}.`,
    {
      pathResolved: display,
      data: {
        applied: false,
        edit_index: failureInfo.index,
        occurrences: failureInfo.count,
        candidate_lines: failureInfo.lines,
      },
      next: [
        `read(path="${display}", offset=${Math.max(1, (failureInfo.lines[0] ?? 1) - 3)}, limit=10) and add surrounding lines to oldText.`,
      ],
    },
  );
}

export function notText(display: string): ToolResponse {
  return failure(
    "BINARY_FILE",
    `${display} is a binary (or not UTF-8) file; edit only changes text files. Nothing was changed.`,
    {
      pathResolved: display,
      next: [
        `bash(command="file ${display}") to see what it is; change it with the program that made it.`,
        `write(path="${display}", content=...) if it should become a text file.`,
      ],
    },
  );
}

/** An edit planned on stale content would silently undo someone else's change. */
export function changedOnDisk(display: string): ToolResponse {
  return failure(
    "CONFLICT",
    `${display} has changed on disk since you last read it. Nothing was changed.`,
    {
      pathResolved: display,
      data: { applied: false },
      next: [`read(path="${display}") to see the current content, then edit again.`],
    },
  );
}

export function overlappingEdits(
  previous: EditSpan,
  current: EditSpan,
  display: string,
): ToolResponse {
  return failure(
    "INVALID_PARAM",
    `edits[${previous.index}] and edits[${current.index}] overlap in ${display}. Nothing was changed.`,
    {
      pathResolved: display,
      data: { applied: false },
      next: ["Merge the overlapping edits into one, or make their oldText not overlap."],
    },
  );
}

export function noChange(display: string): ToolResponse {
  return failure(
    "NO_CHANGE",
    `No changes made to ${display}. The replacement produced identical content.`,
    {
      pathResolved: display,
      data: { applied: false },
      next: ["Check that newText differs from oldText."],
    },
  );
}
