import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes files in the spill folder whose last modification is older than
 * `retentionDays` (the folder's own `.gitignore` stays). A missing folder is not an
 * error. Returns how many files were deleted.
 */
export async function cleanupExpired(
  dir: string,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  let deleted = 0;
  for (const name of names) {
    if (name === ".gitignore") continue;
    const file = path.join(dir, name);
    try {
      const info = await stat(file);
      if (info.isFile() && info.mtimeMs < cutoff) {
        await unlink(file);
        deleted++;
      }
    } catch (error) {
      // Another process may have removed it between readdir and unlink: that is fine.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return deleted;
}
