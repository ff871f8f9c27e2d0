import { parsePatch, type StructuredPatch, structuredPatch } from "diff";
import { escapeHtml } from "./escape.js";

export type DiffLineKind = "file" | "hunk" | "add" | "del" | "context";

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

/**
 * The lines of a unified diff, classified from the parsed patch: `---`/`+++` are file
 * headers only before a hunk; inside one, the first character marks the line, so a
 * removed `-- comment` (`--- comment`) and an added `++i;` (`+++i;`) are changes, not
 * headers. Text that is not a unified diff comes back unclassified, line for line.
 */
export function classifyDiff(diff: string): DiffLine[] {
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(diff);
  } catch {
    patches = []; // a hand-edited or foreign session: show the text as it is
  }
  if (!patches.some((patch) => patch.hunks.length > 0)) {
    return diff
      .replace(/\n$/, "")
      .split("\n")
      .map((text) => ({ kind: "context", text }));
  }
  return patches.flatMap(classifyPatch);
}

function classifyPatch(patch: StructuredPatch): DiffLine[] {
  const lines: DiffLine[] = [];
  if (patch.oldFileName !== undefined)
    lines.push({ kind: "file", text: `--- ${patch.oldFileName}` });
  if (patch.newFileName !== undefined)
    lines.push({ kind: "file", text: `+++ ${patch.newFileName}` });
  for (const hunk of patch.hunks) {
    lines.push({
      kind: "hunk",
      text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    });
    for (const text of hunk.lines) {
      const kind = text[0] === "+" ? "add" : text[0] === "-" ? "del" : "context";
      lines.push({ kind, text });
    }
  }
  return lines;
}

function renderLines(lines: DiffLine[]): string {
  const rows = lines.map(
    (line) => `<span class="diff-line diff-${line.kind}">${escapeHtml(line.text) || " "}</span>`,
  );
  return `<pre class="diff">${rows.join("")}</pre>`;
}

export function renderDiff(diff: string): string {
  return renderLines(classifyDiff(diff));
}

/**
 * A diff built from an edit call's own arguments, for results that carry none (an edit
 * that failed, or a tool without `data.diff`): each oldText → newText, numbered within
 * the snippet (the file's line numbers are not known here).
 */
export function renderEditArgumentsDiff(args: Record<string, unknown>): string | undefined {
  const pairs: { oldText: string; newText: string }[] = [];
  if (typeof args.oldText === "string" && typeof args.newText === "string") {
    pairs.push({ oldText: args.oldText, newText: args.newText });
  }
  if (Array.isArray(args.edits)) {
    for (const edit of args.edits) {
      const e = edit as Record<string, unknown>;
      if (typeof e.oldText === "string" && typeof e.newText === "string") {
        pairs.push({ oldText: e.oldText, newText: e.newText });
      }
    }
  }
  if (pairs.length === 0) return undefined;
  // A closing newline on both sides keeps "\ No newline at end of file" out of a snippet;
  // no file header: the snippet is not the file.
  const patches = pairs.map(({ oldText, newText }) => ({
    ...structuredPatch("", "", `${oldText}\n`, `${newText}\n`),
    oldFileName: undefined,
    newFileName: undefined,
  }));
  return renderLines(patches.flatMap(classifyPatch));
}
