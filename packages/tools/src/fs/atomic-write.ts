import { randomBytes } from "node:crypto";
import * as fs from "node:fs/promises";
import path from "node:path";

/**
 * Writes `data` to a temp file beside `target` and renames it over the target, so a
 * crash or a concurrent reader never sees a half-written file (ARCHITECTURE §2). The
 * existing file's permission bits are kept; the temp file is removed on any failure.
 * `fsync: true` also flushes it to disk before the rename.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Buffer,
  options: { fsync?: boolean } = {},
): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  let mode: number | undefined;
  try {
    mode = (await fs.stat(target)).mode & 0o7777;
  } catch {
    // No existing file: the new one gets the default mode.
  }
  try {
    const handle = await fs.open(temp, "wx", mode ?? 0o666);
    try {
      await handle.writeFile(data);
      // Off by default: rename already makes the swap atomic for readers and for a
      // crash of this process; fsync adds power-loss durability at ~100 ms per 10 MB.
      if (options.fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    if (mode !== undefined) await fs.chmod(temp, mode);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
