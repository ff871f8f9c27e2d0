import { classifyDiff, type DiffLine } from "@gong/render";
import { truncateToWidth } from "@mariozechner/pi-tui";
import pc from "picocolors";
import { terminalSafe } from "../../terminal-text.js";

const PAINT: Record<DiffLine["kind"], (text: string) => string> = {
  file: (text) => pc.bold(text),
  hunk: (text) => pc.cyan(text),
  add: (text) => pc.green(text),
  del: (text) => pc.red(text),
  context: (text) => pc.dim(text),
};

/**
 * A unified diff (the edit tool's `data.diff`) as coloured lines, classified by the
 * same parser as the HTML export. Long lines are cut, not wrapped: a wrapped `+` line
 * reads like two; the model's text is made terminal-safe. Past `maxLines`, one line says how many are left out.
 */
export function diffLines(diff: string, width: number, maxLines: number): string[] {
  const lines = classifyDiff(diff).filter((line) => line.kind !== "file");
  const shown = lines.slice(0, maxLines).map((line) => {
    const text = terminalSafe(line.text).replace(/\t/g, "  ");
    return PAINT[line.kind](truncateToWidth(text, width, "…"));
  });
  if (lines.length > maxLines) {
    shown.push(pc.dim(`… ${lines.length - maxLines} more diff lines (/export shows all)`));
  }
  return shown;
}

/** A new file's first lines, shown as added (the write tool reports no diff). */
export function addedLines(content: string, width: number, maxLines: number): string[] {
  const lines = terminalSafe(content).replace(/\n$/, "").split("\n");
  const shown = lines
    .slice(0, maxLines)
    .map((line) => pc.green(truncateToWidth(`+${line.replace(/\t/g, "  ")}`, width, "…")));
  if (lines.length > maxLines) shown.push(pc.dim(`… ${lines.length - maxLines} more lines`));
  return shown;
}
