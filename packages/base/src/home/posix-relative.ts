import path from "node:path";

/**
 * POSIX form of a path relative to `root`, `.` for the root itself: how a tool names a
 * path to the model (the envelope's `cwd`, a listed file), the same on every platform.
 */
export function toPosixRelative(root: string, absolute: string): string {
  const relative = path.relative(root, absolute);
  if (relative === "") return ".";
  return relative.split(path.sep).join("/");
}
