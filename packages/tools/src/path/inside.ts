import path from "node:path";

/** Whether `candidate` is `root` or below it, both absolute and normalized (real paths). */
export function isInside(root: string, candidate: string): boolean {
  if (candidate === root) return true;
  return candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
