/**
 * The unified diff of an edit (test/edit.test.ts 1.1): 4 lines of context, line numbers
 * of the real file (Pi bug: an edit at line 338 showed a diff starting at line 1). The
 * diff runs on the excerpt around the edited spans only, so a 10 MB file with a
 * one-line change costs a few lines of diffing, not a whole-file Myers diff.
 */
import { structuredPatch } from "diff";

const DIFF_CONTEXT_LINES = 4;

interface EditDiff {
  /** Unified diff text (`--- a/…`, `+++ b/…`, `@@ -l,n +l,n @@` hunks). */
  diff: string;
  /** 1-indexed line of the first change in the new file (editors jump there). */
  firstChangedLine: number;
  added: number;
  removed: number;
}

function lineStartBefore(
  text: string,
  index: number,
  extraLines: number,
): { at: number; line: number } {
  let at = text.lastIndexOf("\n", index - 1) + 1;
  for (let i = 0; i < extraLines && at > 0; i++)
    at = at <= 1 ? 0 : text.lastIndexOf("\n", at - 2) + 1;
  let line = 1;
  for (let scan = text.indexOf("\n"); scan !== -1 && scan < at; scan = text.indexOf("\n", scan + 1))
    line++;
  return { at, line };
}

function lineEndAfter(text: string, index: number, extraLines: number): number {
  let at = index;
  for (let i = 0; i <= extraLines; i++) {
    const next = text.indexOf("\n", at);
    if (next === -1) return text.length;
    at = next + 1;
  }
  return at;
}

/** Diff of `before` → `after` where everything outside [spanStart, spanEnd) of `before` is unchanged. */
export function diffAroundSpans(
  displayPath: string,
  before: string,
  after: string,
  spanStart: number,
  spanEnd: number,
): EditDiff {
  const { at: from, line: firstLine } = lineStartBefore(before, spanStart, DIFF_CONTEXT_LINES);
  const to = lineEndAfter(before, Math.max(spanEnd, spanStart), DIFF_CONTEXT_LINES);
  const delta = after.length - before.length;
  const oldExcerpt = before.slice(from, to);
  const newExcerpt = after.slice(from, to + delta);
  const patch = structuredPatch(displayPath, displayPath, oldExcerpt, newExcerpt, "", "", {
    context: DIFF_CONTEXT_LINES,
  });
  const out = [`--- a/${displayPath}`, `+++ b/${displayPath}`];
  let firstChangedLine = 0;
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    const oldStart = hunk.oldStart + firstLine - 1;
    const newStart = hunk.newStart + firstLine - 1;
    out.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
    let newLine = newStart;
    for (const line of hunk.lines) {
      out.push(line);
      const kind = line[0];
      if (kind === "+" || kind === "-") {
        if (firstChangedLine === 0) firstChangedLine = newLine;
        if (kind === "+") added++;
        else removed++;
      }
      if (kind === " " || kind === "+") newLine++;
    }
  }
  return { diff: out.join("\n"), firstChangedLine: firstChangedLine || firstLine, added, removed };
}
