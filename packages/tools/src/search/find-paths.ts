import { pickEngine, type SearchEngineOptions } from "./engine.js";
import { findWithFd } from "./find-fd.js";
import { findWithNode } from "./find-node.js";
import type { FindRequest, FindRun } from "./find-types.js";

/**
 * Paths matching a glob, .gitignore respected (also outside a git repository): fd when
 * it is on PATH, else the Node walk. What the find tool runs, and what an app's file
 * completion (`@` in gong's editor) asks, so both see the same files.
 */
export async function findPaths(
  request: FindRequest,
  engine: SearchEngineOptions = {},
): Promise<FindRun & { engine: "fd" | "node" }> {
  const picked = pickEngine(engine, "fd");
  if (picked.binary) {
    return { ...(await findWithFd(picked.binary, picked.fdNoRequireGit, request)), engine: "fd" };
  }
  return { ...(await findWithNode(request)), engine: "node" };
}
