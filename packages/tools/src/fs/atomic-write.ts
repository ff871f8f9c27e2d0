import { constants, lstatSync } from "node:fs";
import * as fs from "node:fs/promises";
import path from "node:path";
import { atomicTempName } from "@gong/base";
import { openCheckedAs } from "./opened-path.js";
import { type PinnedDir, withPinnedDirectory } from "./pinned-dir.js";

/**
 * Writes `data` to a temp file beside `target` and renames it over the target, so a
 * crash or a concurrent reader never sees a half-written file. The
 * existing file's permission bits are kept; the temp file is removed on any failure.
 * No fsync: rename already makes the swap atomic for readers and for a crash of this
 * process; power-loss durability would cost ~100 ms per 10 MB on every edit.
 *
 * `target` is a real path (no symbolic links in it, as the path policy returns). Its
 * folder is pinned (fs/pinned-dir.ts) and the temp file is created, renamed and removed
 * through it, so a folder swapped for a link since the check gets nothing — not the
 * file, not a stray temp file (issue 21.3). The rename replaces a link at `target`
 * itself rather than writing where it leads.
 *
 * `options.mode` sets the permission bits instead (a file that holds secrets: 0o600).
 */
export function writeFileAtomic(
  target: string,
  data: string | Buffer,
  options: { mode?: number } = {},
): Promise<void> {
  return withPinnedDirectory(path.dirname(target), (dir) =>
    writeInto(dir, path.basename(target), data, options.mode),
  );
}

async function writeInto(
  dir: PinnedDir,
  name: string,
  data: string | Buffer,
  wantedMode: number | undefined,
): Promise<void> {
  const tempName = atomicTempName(name);
  const temp = dir.entry(tempName);
  const mode = wantedMode ?? keptMode(dir.entry(name));
  try {
    const handle = await openCheckedAs(
      temp,
      path.join(dir.real, tempName),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
      mode ?? 0o666,
    );
    try {
      await handle.writeFile(data);
      // On the descriptor: a chmod by name would follow a link planted at the temp name.
      if (mode !== undefined) await handle.chmod(mode);
    } finally {
      await handle.close();
    }
    dir.verify();
    await fs.rename(temp, dir.entry(name));
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** The permission bits of the file being replaced; none for a new file (or a link). */
function keptMode(file: string): number | undefined {
  try {
    const stats = lstatSync(file);
    return stats.isFile() ? stats.mode & 0o7777 : undefined;
  } catch {
    return undefined; // No existing file: the new one gets the default mode.
  }
}
