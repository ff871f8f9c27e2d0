/**
 * The folders the sandbox binds writable: the path policy's writable roots (project,
 * allowed paths, tool-output folder — `PathPolicy.writableRoots`, the one list both
 * use) plus settings `sandbox.writableRoots`.
 *
 * - A root that does not exist is left out: bwrap refuses to bind a missing source, and
 *   a folder created later inside the sandbox could not be created anyway.
 * - The policy's roots come as where they really are, except that a root Gong adds on
 *   its own (the tool-output folder) is never followed when it is a symbolic link
 *   (path/policy.ts). bwrap would follow it (`ln -s / .tool-output` would bind the whole
 *   disk writable), so a policy root whose real path differs is left out.
 * - `writableRoots` are the user's own choice: a link there is followed, as for
 *   `allowedPaths`.
 * - A root inside another is left out: the outer bind already covers it, and a link
 *   planted below the outer root cannot redirect a bind that is never made.
 */
import { realpath } from "node:fs/promises";
import { isInside } from "../path/inside.js";

async function realOrUndefined(folder: string): Promise<string | undefined> {
  return realpath(folder).catch(() => undefined);
}

export async function sandboxBindRoots(
  policyRoots: readonly string[],
  writableRoots: readonly string[],
): Promise<string[]> {
  const fromPolicy = await Promise.all(
    policyRoots.map(async (root) => ((await realOrUndefined(root)) === root ? root : undefined)),
  );
  const fromSettings = await Promise.all(writableRoots.map(realOrUndefined));
  const found = [...fromPolicy, ...fromSettings].filter(
    (root): root is string => root !== undefined,
  );
  const shortestFirst = [...new Set(found)].sort((a, b) => a.length - b.length);
  const kept: string[] = [];
  for (const root of shortestFirst) {
    if (!kept.some((outer) => isInside(outer, root))) kept.push(root);
  }
  return kept;
}
