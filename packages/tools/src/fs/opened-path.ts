/**
 * Opening exactly the file the path policy checked. The policy resolves and checks a
 * path, then the tool opens it by name: a file — or a folder on its path — swapped for
 * a symbolic link in between would be read or written wherever the link leads. So the
 * file is opened first (O_NOFOLLOW, for the last component) and the descriptor's real
 * location is compared with the checked path before a byte is read or written.
 * A verification that cannot be done refuses the open (security paths fail closed).
 */
import { constants, fstatSync, readlinkSync } from "node:fs";
import { type FileHandle, lstat, open, realpath } from "node:fs/promises";
import { requireNotSpecial } from "./file-kind.js";

/**
 * The file opened is not the file that was checked (or that could not be verified).
 * Other `FileOperations` implementations throw it too; the tools answer ACCESS_DENIED.
 */
export class PathChangedError extends Error {
  readonly code = "EPATHCHANGED";
  constructor(
    readonly expected: string,
    readonly reason: string,
  ) {
    super(`${expected} changed while it was being opened: ${reason}`);
    this.name = "PathChangedError";
  }
}

// Absent on Windows, where the dev/ino comparison below does the work.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
// A FIFO opened for reading would block until a writer appears (fs/file-kind.ts); on a
// regular file the flag changes nothing.
const NON_BLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Opens `file` — a real path (no symbolic links in it), as the path policy returns —
 * and verifies that the descriptor is that file, and a regular file or folder (never
 * a FIFO, socket or device: `NotRegularFileError`), before handing it out.
 */
export function openChecked(file: string, flags: number, mode?: number): Promise<FileHandle> {
  return openCheckedAs(file, file, flags, mode);
}

/**
 * `openChecked` for a name reached another way than its real path — through a pinned
 * folder's `/proc/self/fd/N` (fs/pinned-dir.ts): opens `opening`, verifies that the
 * descriptor is at the real path `file`.
 */
export async function openCheckedAs(
  opening: string,
  file: string,
  flags: number,
  mode?: number,
): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(opening, flags | NO_FOLLOW | NON_BLOCK, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") {
      throw new PathChangedError(file, "it is now a symbolic link");
    }
    throw error;
  }
  try {
    await verifyOpenedAt(handle, file);
    // fstat of an open descriptor is answered from memory: sync skips a pool round trip.
    requireNotSpecial(fstatSync(handle.fd), file);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The whole file at the real path `file`, opened with `openChecked`. */
export async function readFileChecked(file: string): Promise<Buffer> {
  const handle = await openChecked(file, constants.O_RDONLY);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

async function verifyOpenedAt(handle: FileHandle, expected: string): Promise<void> {
  let actual: string;
  try {
    actual = await openedLocation(handle, expected);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new PathChangedError(expected, `its location could not be verified (${detail})`);
  }
  if (actual !== expected) throw new PathChangedError(expected, `it now leads to ${actual}`);
}

/**
 * Where the open descriptor really is. Linux names it in /proc/self/fd, as the kernel
 * resolved it at the open: exact, no race. It is read synchronously: an in-memory
 * kernel lookup that never waits for a disk, where the async call's thread-pool round
 * trip cost ~160 µs per open (~14 µs this way). Elsewhere the best available is
 * comparing device and inode with the checked path, which itself must still be real;
 * an attacker flipping a link back and forth between those look-ups can slip through.
 */
async function openedLocation(handle: FileHandle, expected: string): Promise<string> {
  if (process.platform === "linux") return readlinkSync(`/proc/self/fd/${handle.fd}`);
  const [opened, named, real] = await Promise.all([
    handle.stat(),
    lstat(expected),
    realpath(expected),
  ]);
  if (real !== expected) return real;
  return opened.dev === named.dev && opened.ino === named.ino ? expected : "another file";
}
