/**
 * Output levels (test/output-level.test.ts): `brief` keeps the key facts, `standard`
 * (default) the usable listing, `full` everything the limits allow. Decided per call
 * (`output_level`), else by the caller's context (agent-core drops to brief when the
 * context window is over 80 % full). `data` is the same at every level: only `text`,
 * what the model reads, changes.
 */
import type { OutputLevel, ToolExecutionContext } from "../types.js";

/** Items a brief listing keeps. */
const BRIEF_ITEMS = 20;

export function effectiveOutputLevel(
  requested: OutputLevel | undefined,
  context: ToolExecutionContext,
): OutputLevel {
  return requested ?? context.outputLevel ?? "standard";
}

/** The first `BRIEF_ITEMS` lines and how many more there are. */
export function briefHead(lines: readonly string[], noun: string): string {
  if (lines.length <= BRIEF_ITEMS) return lines.join("\n");
  return `${lines.slice(0, BRIEF_ITEMS).join("\n")}\n… ${lines.length - BRIEF_ITEMS} more ${noun} (output_level="standard" lists them)`;
}

/** The last `BRIEF_ITEMS` lines of `text` and how many were left out. */
export function briefTail(text: string): string {
  const lines = text.replace(/\n$/, "").split("\n");
  if (lines.length <= BRIEF_ITEMS) return text;
  return `… ${lines.length - BRIEF_ITEMS} earlier lines (output_level="standard" shows them)\n${lines.slice(-BRIEF_ITEMS).join("\n")}`;
}
