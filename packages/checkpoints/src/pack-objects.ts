/**
 * Keeps the store's disk use near the size of what it holds. Git writes each new object
 * as a file of its own, which takes a whole disk block however small it is: 20 000 small
 * files took 83 MB on disk for 2.5 MB of objects. A snapshot of many files writes them
 * into one pack instead (shadow-store.ts, `core.bigFileThreshold`); the loose objects of
 * many small snapshots are packed once there are about `LOOSE_OBJECTS_LIMIT` of them
 * (`git gc --auto`, which also holds a lock, so two sessions never pack at once).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { type GitPaths, runGit } from "./git-command.js";

const LOOSE_OBJECTS_LIMIT = 1024;

/** gc.autoPackLimit's default: more packs than this are packed into one. */
const PACKS_LIMIT = 50;

/**
 * Git's own test, made here so that a snapshot runs no extra command until it is time:
 * objects are spread over 256 folders by their first byte, so the folder `17` holds
 * about 1/256 of them.
 */
function timeToPack(gitDir: string): boolean {
  const count = (folder: string, suffix = "") => {
    try {
      return readdirSync(path.join(gitDir, "objects", folder)).filter((name) =>
        name.endsWith(suffix),
      ).length;
    } catch {
      return 0;
    }
  };
  return count("17") * 256 > LOOSE_OBJECTS_LIMIT || count("pack", ".pack") > PACKS_LIMIT;
}

/** Packs the loose objects once there are enough of them; best effort (a failure only costs space). */
export async function packLooseObjects(paths: GitPaths): Promise<void> {
  if (!timeToPack(paths.gitDir)) return;
  await runGit(paths, [
    "-c",
    `gc.auto=${LOOSE_OBJECTS_LIMIT}`,
    // In the foreground: a detached gc would outlive the command and its shell.
    "-c",
    "gc.autoDetach=false",
    "gc",
    "--auto",
    "--quiet",
  ]);
}
