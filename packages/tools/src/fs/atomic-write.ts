import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import * as fs from "node:fs/promises";
import path from "node:path";
import { openChecked } from "./opened-path.js";

/**
 * Writes `data` to a temp file beside `target` and renames it over the target, so a
 * crash or a concurrent reader never sees a half-written file (ARCHITECTURE §2). The
 * existing file's permission bits are kept; the temp file is removed on any failure.
 * No fsync: rename already makes the swap atomic for readers and for a crash of this
 * process; power-loss durability would cost ~100 ms per 10 MB on every edit.
 *
 * `target` is a real path (no symbolic links in it, as the path policy returns): the
 * temp file is verified to be really next to it before anything is written, so a
 * folder swapped for a link since the check gets no file (`PathChangedError`). The
 * rename replaces a link at `target` itself rather than writing where it leads.
 */
export async function writeFileAtomic(target: string, data: string | Buffer): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  let mode: number | undefined;
  try {
    mode = (await fs.stat(target)).mode & 0o7777;
  } catch {
    // No existing file: the new one gets the default mode.
  }
  try {
    const handle = await openChecked(
      temp,
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
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
