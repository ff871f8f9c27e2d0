/**
 * Whether a project holds at least `limit` files, found by reading its folders until
 * that many are seen (never more): a store's first snapshot of such a project hashes
 * thousands of files, which no tool call should wait for (session-checkpoints.ts). Told
 * before git lists the project, which for a new store means walking all of it.
 * `.git` is not counted; ignored files are (reading .gitignore rules is git's job), so a
 * project with a large ignored folder may count as large: its calls then go on sooner,
 * and a rewind says what that leaves uncovered.
 */
import { type Dirent, readdirSync } from "node:fs";
import path from "node:path";

export function holdsAtLeast(project: string, limit: number): boolean {
  const folders = [project];
  let files = 0;
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue; // unreadable: git will not read it either
    }
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name !== ".git") folders.push(path.join(folder, entry.name));
      } else if (++files >= limit) {
        return true;
      }
    }
  }
  return false;
}
