/**
 * The file-system backend the tools run on. The
 * default is the local disk; another implementation can point the same tools at a
 * container or a remote machine.
 */

import type { Dirent, Stats } from "node:fs";
import { constants, lstatSync, opendirSync, realpathSync, statSync } from "node:fs";
import * as fs from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import { openChecked, readFileChecked } from "./opened-path.js";
import { withPinnedDirectory } from "./pinned-dir.js";

/**
 * The methods that read, write or list (`readFile`, `readHead`, `readChunks`,
 * `writeFileAtomic`, `readdir`, `mkdir`) get the real path the path policy checked (no
 * symbolic links in it). An implementation opens exactly that file or folder: if a link
 * was swapped in since the check — for the file or for a folder on its way — it throws
 * `PathChangedError` instead of following it (the tools answer ACCESS_DENIED). The
 * local one verifies the open descriptor (`fs/opened-path.ts`) and works inside the
 * pinned folder (`fs/pinned-dir.ts`); a remote one does the same on its side, where
 * the race happens.
 */
export interface FileOperations {
  stat(path: string): Promise<Stats>;
  lstat(path: string): Promise<Stats>;
  realpath(path: string): Promise<string>;
  readFile(path: string): Promise<Buffer>;
  /** Reads up to `length` bytes from the start of the file (magic-byte sniffing). */
  readHead(path: string, length: number): Promise<Buffer>;
  /**
   * The file's bytes in chunks, so big files are read without loading them whole. A
   * yielded buffer is only valid until the next one is requested (it may be reused).
   */
  readChunks(path: string, chunkSize: number): AsyncIterable<Buffer>;
  readdir(path: string): Promise<Dirent[]>;
  mkdir(path: string): Promise<void>;
  /** Replaces the file in one step (temp file + rename): readers never see half of it. */
  writeFileAtomic(path: string, data: string | Buffer): Promise<void>;
  /** Throws the OS error (`EACCES`, …) when the access `mode` is not granted. */
  access(path: string, mode: number): Promise<void>;
}

/**
 * The entries of one folder in directory order (callers sort them themselves), listed
 * through the pinned folder: a folder swapped for a link since the check is not listed
 * (issue 21.3).
 */
function readFolder(real: string): Promise<Dirent[]> {
  return withPinnedDirectory(real, async (pinned) => {
    // opendir streams the entries; readdirSync goes through scandir, which also sorts
    // them (strcmp) and allocates each one: 5.2 ms against 3.7 ms for 10 000 entries.
    const dir = opendirSync(pinned.path, { bufferSize: 1024 });
    try {
      const entries: Dirent[] = [];
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) entries.push(entry);
      pinned.verify();
      return entries;
    } finally {
      dir.closeSync();
    }
  });
}

/**
 * `mkdir -p` of the real path `real`, each folder created inside its pinned parent: a
 * folder on the way swapped for a link makes nothing outside (issue 21.3).
 */
async function makeFolders(real: string): Promise<void> {
  const missing: string[] = [];
  let existing = real;
  while (!isFolder(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    missing.unshift(path.basename(existing));
    existing = parent;
  }
  for (const name of missing) {
    await withPinnedDirectory(existing, async (parent) => {
      await fs.mkdir(parent.entry(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
    });
    existing = path.join(existing, name);
  }
}

function isFolder(file: string): boolean {
  try {
    return lstatSync(file).isDirectory();
  } catch {
    return false;
  }
}

// The metadata calls are synchronous on purpose, like readdir below: each is one system
// call of microseconds, while the async form's thread-pool round trip cost milliseconds
// on a busy machine, and every grep, find and ls makes three or four of them.
export const localFileOperations: FileOperations = {
  stat: async (path) => statSync(path),
  lstat: async (path) => lstatSync(path),
  // The native form, like fs.promises.realpath: one realpath(3), not a walk in JS.
  realpath: async (path) => realpathSync.native(path),
  readFile: (path) => readFileChecked(path),
  async readHead(path, length) {
    const handle = await openChecked(path, constants.O_RDONLY);
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  },
  async *readChunks(path, chunkSize) {
    // One reused buffer: reading a 200 MB file allocates 1 chunk, not 200 (flat memory).
    const handle = await openChecked(path, constants.O_RDONLY);
    try {
      const buffer = Buffer.allocUnsafe(chunkSize);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, chunkSize, null);
        if (bytesRead === 0) return;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close();
    }
  },
  // The listing itself is synchronous on purpose: one folder is a few getdents batches
  // (10 000 entries in ~4 ms); the async form's thread-pool round trip cost more.
  readdir: (path) => readFolder(path),
  mkdir: (path) => makeFolders(path),
  writeFileAtomic,
  access: (path, mode) => fs.access(path, mode),
};
