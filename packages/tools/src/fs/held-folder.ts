/**
 * A file another process opens by name — an ACP editor's `fs/read_text_file` and
 * `fs/write_text_file` (issue 21.4). gong cannot hand the editor its pinned folder
 * (fs/pinned-dir.ts): the editor resolves the path itself, after gong's check, and a
 * folder on the way swapped for a symbolic link redirects it. So the folder is pinned
 * and the editor gets the verified real path; the folders whose entries make up that
 * path (from the allowed root down) are stat'ed before and after, and a rename in any
 * of them — a swap changes the ctime of the folder holding the swapped name — fails
 * closed with `PathChangedError`. The looks are repeated for half a millisecond — after
 * a read (its answer is dropped), and before a write too (it is refused before the
 * editor is asked) — so a folder that keeps changing (a swap loop) is caught.
 *
 * What this cannot do is stop one swap and its undo timed into the editor's own look-up
 * on a file system whose ctime is coarse (one value per clock tick): the read's answer
 * is then taken, the write has happened. Where ctime is fine-grained, any rename in a
 * watched folder during the request shows. Only an editor that opened a held path could
 * close the gap; the local tools do (fs/pinned-dir.ts).
 */
import { type BigIntStats, statSync } from "node:fs";
import path from "node:path";
import { PathChangedError } from "./opened-path.js";
import { pinDirectory } from "./pinned-dir.js";

interface FolderState {
  folder: string;
  ino: bigint;
  ctimeNs: bigint;
}

/**
 * Runs `use` with the verified real path of `file` (a real path as the policy returns)
 * while its folder is held; `roots` are the allowed roots' real paths.
 */
export async function withFolderHeld<T>(
  file: string,
  roots: readonly string[],
  access: "read" | "write",
  use: (verified: string) => Promise<T>,
): Promise<T> {
  const dir = pinDirectory(path.dirname(file));
  try {
    const verified = path.join(dir.real, path.basename(file));
    const watched = foldersHolding(dir.real, roots);
    const before = look(watched, dir.path, file);
    // A write cannot be taken back: the path must hold still for a moment first.
    if (access === "write") holdsStill(before, watched, dir.path, file);
    const result = await use(verified);
    // A read can: what the editor answered is dropped if the path did not hold still.
    holdsStill(before, watched, dir.path, file);
    return result;
  } finally {
    dir.close();
  }
}

/** The folders whose entries name `folder` and the folders above it, up to its root. */
function foldersHolding(folder: string, roots: readonly string[]): string[] {
  const root = roots
    .filter((entry) => folder === entry || folder.startsWith(`${entry}${path.sep}`))
    .sort((a, b) => b.length - a.length)[0];
  const top = root ?? path.dirname(folder);
  const folders: string[] = [];
  for (let current = folder; current !== top && path.dirname(current) !== current; ) {
    current = path.dirname(current);
    folders.push(current);
  }
  return folders;
}

/** The watched folders' states, after checking that `real` is still the pinned folder. */
function look(watched: readonly string[], pinned: string, file: string): FolderState[] {
  try {
    const held = statSync(pinned, { bigint: true });
    const named = statSync(path.dirname(file), { bigint: true });
    if (held.ino !== named.ino || held.dev !== named.dev) {
      throw new PathChangedError(file, "its folder is now another one");
    }
    return watched.map((folder) => state(folder, statSync(folder, { bigint: true })));
  } catch (error) {
    if (error instanceof PathChangedError) throw error;
    throw new PathChangedError(
      file,
      `its folders could not be verified (${(error as Error).message})`,
    );
  }
}

/**
 * How long the path is watched around a request. A swap loop flips the folder every few
 * microseconds: looking again and again for half a millisecond sees it flipped (the
 * identity check) with near certainty, where one look sees it flipped half the time and
 * a coarse ctime may not change at all (5 distinct values in 200 ms of swaps on ext4).
 */
const HOLD_STILL_NS = 500_000n;

function holdsStill(
  before: FolderState[],
  watched: readonly string[],
  pinned: string,
  file: string,
): void {
  const until = process.hrtime.bigint() + HOLD_STILL_NS;
  do same(before, look(watched, pinned, file), file);
  while (process.hrtime.bigint() < until);
}

function state(folder: string, stats: BigIntStats): FolderState {
  return { folder, ino: stats.ino, ctimeNs: stats.ctimeNs };
}

function same(before: FolderState[], after: FolderState[], file: string): void {
  for (const [index, was] of before.entries()) {
    const now = after[index]!;
    if (now.ino !== was.ino || now.ctimeNs !== was.ctimeNs) {
      throw new PathChangedError(file, `${was.folder} changed while the editor used the path`);
    }
  }
}
