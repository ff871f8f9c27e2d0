/** How a rewind's files read, in `gong --rewind` and `/rewind` alike. */
import type { FileChange } from "@gong/runtime";
import { terminalSafe } from "./terminal-text.js";

/** `restore  a.txt  +1 -2`: what the rewind does to one file. */
export function changeLine(change: FileChange): string {
  const counts = change.added === undefined ? "" : `  +${change.added} -${change.removed}`;
  return `${change.action.padEnd(8)} ${terminalSafe(change.path)}${counts}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
