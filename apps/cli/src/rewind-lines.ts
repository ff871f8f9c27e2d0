/** How a rewind's files read, in `gong --rewind` and `/rewind` alike. */
import type { FileChange, RewindPlan } from "@gong/checkpoints";
import { terminalSafe } from "./terminal-text.js";

/** `restore  a.txt  +1 -2`: what the rewind does to one file. */
export function changeLine(change: FileChange): string {
  const counts = change.added === undefined ? "" : `  +${change.added} -${change.removed}`;
  const others = change.byOthers ? "  (changed by others since)" : "";
  return `${change.action.padEnd(8)} ${terminalSafe(change.path)}${counts}${others}`;
}

/**
 * What a rewind undoes that this session's tools did not do (by hand, another session),
 * said before it is asked for; undefined when there is none.
 */
export function byOthersWarning(plan: RewindPlan): string | undefined {
  if (plan.restore === "conversation") return undefined;
  const others = plan.files.filter((change) => change.byOthers);
  if (others.length === 0) return undefined;
  const names = others.map((change) => terminalSafe(change.path)).join(", ");
  return `${others.length} of these file(s) were changed since by something other than this session's tools (by hand, or another session), and the rewind undoes those changes too: ${names}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
