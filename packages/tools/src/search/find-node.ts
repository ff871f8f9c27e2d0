/** find without fd: the Node walk plus picomatch, with the same rules as fd. */

import picomatch from "picomatch";
import { AbortedError } from "../read/line-window.js";
import { SEARCH_ABORTED } from "./engine.js";
import type { FindRequest, FindRun } from "./find-types.js";
import { walk } from "./walk.js";

export async function findWithNode(request: FindRequest): Promise<FindRun> {
  let matcher: (candidate: string) => boolean;
  try {
    // Like fd: a pattern without a folder part matches file names at any depth.
    matcher = picomatch(request.pattern.replace(/^\.\//, ""), {
      dot: true,
      basename: !request.pattern.includes("/"),
    });
  } catch (error) {
    return { ok: false, kind: "invalid_pattern", message: (error as Error).message };
  }
  try {
    const paths: string[] = [];
    const entries = walk(request.searchPath, {
      ignoreRoot: request.projectRoot,
      signal: request.signal,
    });
    for await (const entry of entries) {
      if (!matcher(entry.relative)) continue;
      paths.push(entry.isDirectory ? `${entry.relative}/` : entry.relative);
      if (paths.length > request.limit) break;
    }
    return { ok: true, paths, more: paths.length > request.limit };
  } catch (error) {
    if (error instanceof AbortedError) return SEARCH_ABORTED;
    return { ok: false, kind: "failed", message: (error as Error).message };
  }
}
