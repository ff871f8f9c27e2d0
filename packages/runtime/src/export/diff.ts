import { escapeHtml } from "./escape.js";

export type DiffLineKind = "add" | "del" | "hunk" | "context";

/**
 * Classifies the lines of a diff as the edit tool reports it (unified diff, or pi's
 * `+ 12 text` / `- 12 text` numbered form — both mark added and removed lines with a
 * leading `+` / `-`). File headers (`+++` / `---`) are context, not changes.
 */
export function classifyDiffLine(line: string): DiffLineKind {
  if (line.startsWith("+++") || line.startsWith("---")) return "context";
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  return "context";
}

export function renderDiff(diff: string): string {
  const lines = diff.replace(/\n$/, "").split("\n");
  const rows = lines.map(
    (line) =>
      `<span class="diff-line diff-${classifyDiffLine(line)}">${escapeHtml(line) || " "}</span>`,
  );
  return `<pre class="diff">${rows.join("")}</pre>`;
}

/**
 * A diff built from an edit call's own arguments, for results that carry none
 * (an edit that failed, or a tool without `data.diff`): removed text, then added text.
 */
export function diffFromEditArguments(args: Record<string, unknown>): string | undefined {
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
  return pairs
    .map(({ oldText, newText }) =>
      [...oldText.split("\n").map((l) => `-${l}`), ...newText.split("\n").map((l) => `+${l}`)].join(
        "\n",
      ),
    )
    .join("\n@@\n");
}
