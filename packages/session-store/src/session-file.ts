/**
 * Whole-file operations: creating a session file and rewriting one atomically
 * (migration, fork). Appends go through writer.ts instead.
 */
import {
  appendFileSync,
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  truncateSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { entryToRecord, type SessionEntry, type SessionHeader } from "./entries.js";

/** Makes a new name in a folder durable (POSIX needs the folder itself fsynced). */
export function fsyncDirectory(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    fsyncSync(fd);
  } catch {
    // Not supported everywhere (Windows): the file itself is synced, which is what
    // matters most; a lost directory entry after power loss is the remaining risk.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function serializeSession(
  header: SessionHeader,
  entries: readonly SessionEntry[],
  detached: readonly Record<string, unknown>[] = [],
): string {
  const lines = [JSON.stringify(header)];
  for (const entry of entries) lines.push(JSON.stringify(entryToRecord(entry)));
  for (const record of detached) lines.push(JSON.stringify(record));
  return `${lines.join("\n")}\n`;
}

/**
 * Writes the whole file under a temporary name, syncs it, then renames it over `path`:
 * a crash at any point leaves either the old file or the new one, never a mix.
 * `exclusive` refuses to replace an existing file (used for new sessions).
 *
 * Not the tools' `writeFileAtomic`, on purpose: this one is synchronous (the store's API
 * is), always fsyncs the file and its folder (a session must survive power loss), and
 * can create exclusively; the tools' version is async, skips fsync (an edit per keystroke
 * would pay ~100 ms per 10 MB) and guards against a folder swapped for a link.
 */
export function writeFileDurably(path: string, content: string, exclusive = false): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, "w");
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    if (exclusive) {
      // link() fails if the target exists, which rename() would silently overwrite.
      linkSync(temp, path);
      unlinkSync(temp);
    } else {
      renameSync(temp, path);
    }
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Nothing left to clean.
    }
    throw error;
  }
  fsyncDirectory(dirname(path));
}

/** Cuts a torn last line off and restores a missing final newline before appending. */
export function repairTail(
  path: string,
  validLength: number,
  fileSize: number,
  missingNewline: boolean,
): void {
  if (validLength < fileSize) truncateSync(path, validLength);
  if (missingNewline) appendFileSync(path, "\n");
}
