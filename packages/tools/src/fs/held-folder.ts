/**
 * A file another process opens by name — an ACP editor's `fs/read_text_file` and
 * `fs/write_text_file` (issue 21.4). gong cannot hand the editor its pinned folder
 * (fs/pinned-dir.ts): the editor resolves the path itself, after gong's check, and a
 * folder on the way swapped for a symbolic link redirects it. So the folder is pinned
 * and the editor gets the verified real path; the folders whose entries make up that
 * path (from the allowed root down) are stat'ed before and after, and a rename in any
 * of them — a swap changes the ctime of the folder holding the swapped name — fails
 * closed with `PathChangedError`. Before a write the same look is taken twice, so a
 * folder that keeps changing (a swap loop) is refused before the editor is asked.
 *
 * What this cannot do is stop one swap timed into the editor's own look-up: a read then
 * fails afterwards (nothing reaches the model), a write may already have happened. Only
 * an editor that opens a pinned path could close that; the local tools do
 * (fs/pinned-dir.ts). Sound on file systems whose ctime is exact (Linux ≥ 6.13 gives
 * ext4, xfs, btrfs and tmpfs fine-grained ctimes once they are looked at); with a coarse
 * clock a swap and its undo within one tick can go unseen.
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
    if (access === "write") same(before, look(watched, dir.path, file), file);
    const result = await use(verified);
    same(before, look(watched, dir.path, file), file);
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
