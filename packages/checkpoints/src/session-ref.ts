/**
 * Moves a session's ref (`refs/sessions/<id>`) to its new snapshot the way git's files
 * backend does it, without a git process: `<ref>.lock` created exclusively, the commit id
 * written into it, the lock renamed over the ref. One process fewer for every snapshot
 * that records a commit (a 50-turn session waits for a dozen of them before its calls).
 *
 * Anything this does not know for sure is left to `git update-ref` (the caller runs it
 * when this returns false): a ref name git would have to check (anything but letters,
 * digits, `.`, `-` and `_` after `refs/sessions/`), a lock held by someone else (a gc
 * packing refs), a folder that cannot be written. No reflog is written: the store keeps
 * snapshots by their refs alone (retention.ts), and a reflog only kept them longer.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

const SESSION_REF = /^refs\/sessions\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const COMMIT_ID = /^[0-9a-f]{40}$/;

/** Points `ref` at `id`; false when git has to do it (nothing was changed then). */
export function writeSessionRef(gitDir: string, ref: string, id: string): boolean {
  // `.lock` and `..` are names git refuses; a name ending in `.` too.
  if (!SESSION_REF.test(ref) || !COMMIT_ID.test(id)) return false;
  if (ref.endsWith(".lock") || ref.endsWith(".") || ref.includes("..")) return false;
  const file = path.join(gitDir, ref);
  const lock = `${file}.lock`;
  let fd: number;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    fd = openSync(lock, "wx");
  } catch {
    return false;
  }
  try {
    try {
      writeSync(fd, `${id}\n`);
    } finally {
      closeSync(fd);
    }
    renameSync(lock, file);
    return true;
  } catch {
    rmSync(lock, { force: true });
    return false;
  }
}
