/**
 * Only regular files are opened for reading or writing (issue "bad input never hangs"):
 * opening a FIFO for reading blocks until a writer appears — in the thread pool, where
 * neither SIGINT nor SIGTERM can end it, and process exit waits for it — a socket
 * cannot be opened at all, and a device like /dev/zero never ends. The tools decide
 * from a stat before opening; `openChecked` checks the descriptor again after a
 * non-blocking open, so a FIFO swapped in between is refused too.
 */
import type { Stats } from "node:fs";

/** What a non-regular, non-folder entry is, in words ("a FIFO"); undefined otherwise. */
export function specialFileKind(stats: Stats): string | undefined {
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return undefined;
}

/** A FIFO, socket or device where a file was expected; the tools answer INVALID_PARAM. */
export class NotRegularFileError extends Error {
  readonly code = "ENOTREGULAR";
  constructor(
    readonly file: string,
    /** "a FIFO", "a socket", … */
    readonly kind: string,
  ) {
    super(`${file} is ${kind}, not a regular file`);
    this.name = "NotRegularFileError";
  }
}

/** Throws `NotRegularFileError` when `stats` is a FIFO, socket or device. */
export function requireNotSpecial(stats: Stats, file: string): void {
  const kind = specialFileKind(stats);
  if (kind) throw new NotRegularFileError(file, kind);
}
