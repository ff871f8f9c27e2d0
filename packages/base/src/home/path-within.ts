import path from "node:path";

/**
 * `inner` is `outer` or a path below it — not merely one sharing a name prefix
 * (`/a/bc` is not within `/a/b`), nor one named `..x`. Lexical: resolve real paths first
 * when symbolic links matter.
 */
export function isPathWithin(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return (
    relative === "" ||
    (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}
