import { statSync } from "node:fs";
import path from "node:path";

/**
 * Where to watch for a target that may not exist yet. chokidar notices nothing under a
 * path whose parent folder is missing, so each target is watched from the nearest
 * folder that exists: the target folder itself (its contents), or the folder that will
 * hold it. When a missing folder on the way appears, the points are computed again and
 * the deeper one is added.
 */
export function watchPoints(targets: { files: readonly string[]; folders: readonly string[] }): {
  /** Folders whose direct entries are watched. */
  shallow: string[];
  /** Target folders that exist: watched with their contents (a skill's SKILL.md). */
  deep: string[];
} {
  const shallow = new Set<string>();
  const deep = new Set<string>();
  for (const file of targets.files) shallow.add(existingAncestor(path.dirname(file)));
  for (const folder of targets.folders) {
    if (isDirectory(folder)) deep.add(folder);
    else shallow.add(existingAncestor(path.dirname(folder)));
  }
  // chokidar cannot watch the filesystem root (it reports every folder of `/` as removed
  // and stops reporting): an AGENTS.md there is still read before each turn, unannounced.
  const isRoot = (dir: string) => path.dirname(dir) === dir;
  return { shallow: [...shallow].filter((dir) => !isRoot(dir)), deep: [...deep] };
}

function existingAncestor(dir: string): string {
  let current = dir;
  while (!isDirectory(current)) {
    const parent = path.dirname(current);
    if (parent === current) return current;
    current = parent;
  }
  return current;
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
