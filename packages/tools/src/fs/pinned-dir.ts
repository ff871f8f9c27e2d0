/**
 * Holding a checked folder while it is used (issue 21.3). `openChecked` pins the file at
 * the end of a path, but a folder on the way could still be swapped for a symbolic link
 * (renameat2 RENAME_EXCHANGE) between the check and the next look-up by name: writes
 * landed outside, grep, find and ls listed what is outside. Node has no `openat`, so on
 * Linux the folder is opened (O_DIRECTORY, O_NOFOLLOW), its descriptor's real location
 * verified, and every later look-up goes through `/proc/self/fd/N/<name>`: the kernel
 * resolves that magic link to the opened folder itself, whatever its name leads to now.
 * Elsewhere there is no such link: the folder is used by its real path and `verify()`
 * checks afterwards that the path still is that folder (fail closed, not race-free).
 */
import { closeSync, constants, openSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import { PathChangedError } from "./opened-path.js";

const PINNABLE = process.platform === "linux";
const FOLDER_FLAGS =
  constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

export interface PinnedDir {
  /** The folder's real path, as checked. */
  readonly real: string;
  /** How to reach the folder's entries: `/proc/self/fd/N` on Linux, else `real`. */
  readonly path: string;
  /** `path` joined with an entry name. */
  entry(name: string): string;
  /**
   * Throws `PathChangedError` when the folder may no longer be the checked one. A no-op
   * where it is pinned; elsewhere the real path is looked up again.
   */
  verify(): void;
  close(): void;
}

/**
 * Opens and verifies the folder at the real path `real` (no symbolic links in it).
 * Synchronous on Linux: opening a folder and reading its /proc link are in-memory
 * kernel look-ups of microseconds, where two thread-pool round trips (open, close)
 * made each write ~3 ms slower on a busy machine.
 */
export function pinDirectory(real: string): PinnedDir {
  if (!PINNABLE) {
    verifyStillAt(real);
    return {
      real,
      path: real,
      entry: (name) => path.join(real, name),
      verify: () => verifyStillAt(real),
      close: () => {},
    };
  }
  let fd: number;
  try {
    fd = openSync(real, FOLDER_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // O_DIRECTORY with O_NOFOLLOW answers a link (or a file) in its place with ENOTDIR.
    if (code === "ENOTDIR" || code === "ELOOP") {
      throw new PathChangedError(real, "it is no longer a folder");
    }
    throw error;
  }
  const at = `/proc/self/fd/${fd}`;
  try {
    // Where the kernel opened it: a folder on the way swapped for a link shows here.
    const opened = readlinkSync(at);
    if (opened !== real) throw new PathChangedError(real, `it now leads to ${opened}`);
  } catch (error) {
    closeSync(fd);
    if (error instanceof PathChangedError) throw error;
    throw new PathChangedError(
      real,
      `its location could not be verified (${(error as Error).message})`,
    );
  }
  return {
    real,
    path: at,
    entry: (name) => `${at}/${name}`,
    verify: () => {},
    close: () => closeSync(fd),
  };
}

/** Runs `use` with the folder at `real` pinned, and lets it go afterwards. */
export async function withPinnedDirectory<T>(
  real: string,
  use: (dir: PinnedDir) => Promise<T>,
): Promise<T> {
  const dir = pinDirectory(real);
  try {
    return await use(dir);
  } finally {
    dir.close();
  }
}

function verifyStillAt(real: string): void {
  let now: string;
  try {
    now = realpathSync.native(real);
  } catch (error) {
    throw new PathChangedError(real, `it could not be verified (${(error as Error).message})`);
  }
  if (now !== real) throw new PathChangedError(real, `it now leads to ${now}`);
}
