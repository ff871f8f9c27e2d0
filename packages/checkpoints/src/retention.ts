/**
 * Snapshots live as long as the sessions they belong to. Each session using the store
 * leaves a note naming its session file; a cleanup (at most once a day per project, when
 * a session opens) drops the ref and index of every session whose file is gone, and a
 * `git gc` then deletes what only they kept. Sessions never written to a file
 * (`--no-session`) are dropped a day after their last snapshot.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { GitPaths } from "./git-command.js";
import { runGit } from "./git-command.js";

const DAY_MS = 24 * 60 * 60_000;

/** Notes that session `sessionId` (file `sessionFile`, if any) keeps snapshots in `root`. */
export function noteSession(
  root: string,
  sessionId: string,
  sessionFile: string | undefined,
): void {
  const dir = path.join(root, "sessions");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, sessionId), sessionFile ?? "");
}

/** Sessions of `root` whose snapshots may go: their file is gone (or never existed, a day on). */
export function endedSessions(root: string, now = Date.now()): string[] {
  const dir = path.join(root, "sessions");
  if (!existsSync(dir)) return [];
  const ended: string[] = [];
  for (const id of readdirSync(dir)) {
    const note = path.join(dir, id);
    const file = readFileSync(note, "utf8").trim();
    const gone = file === "" ? now - statSync(note).mtimeMs > DAY_MS : !existsSync(file);
    if (gone) ended.push(id);
  }
  return ended;
}

/** Drops the snapshots of ended sessions; at most once a day unless `force`. */
export async function cleanEndedSessions(
  root: string,
  paths: GitPaths,
  options: { force?: boolean; now?: number } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const stamp = path.join(root, "last-cleanup");
  if (!options.force && existsSync(stamp) && now - statSync(stamp).mtimeMs < DAY_MS) return;
  writeFileSync(stamp, "");
  const ended = endedSessions(root, now);
  for (const id of ended) {
    const dropped = await runGit(paths, ["update-ref", "-d", `refs/sessions/${id}`]);
    if (!dropped.ok && existsSync(path.join(paths.gitDir, "refs", "sessions", id))) continue;
    rmSync(path.join(root, "indexes", id), { force: true });
    rmSync(path.join(root, "sessions", id), { force: true });
  }
  // Objects a live session staged are committed within the same snapshot, long before
  // an hour is up; anything older that no ref reaches belonged to an ended session.
  if (ended.length > 0) await runGit(paths, ["gc", "--quiet", "--prune=1.hour.ago"]);
}

/**
 * Bytes the store takes on disk: the blocks its files and folders use, not the files'
 * lengths (a small loose object takes a whole block), so the number is what `du` says.
 */
export function storeSize(root: string): number {
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const file = stack.pop()!;
    const stats = lstatSync(file, { throwIfNoEntry: false });
    if (!stats) continue;
    // st_blocks counts 512-byte units whatever the block size; a platform without it has 0.
    total += stats.blocks > 0 ? stats.blocks * 512 : stats.size;
    if (!stats.isDirectory()) continue;
    try {
      for (const name of readdirSync(file)) stack.push(path.join(file, name));
    } catch {
      // Removed meanwhile (a cleanup of another session): not there to count.
    }
  }
  return total;
}
