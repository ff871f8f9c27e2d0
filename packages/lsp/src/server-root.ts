/** The project root a file's server runs in: the nearest folder with a root marker. */
import { existsSync } from "node:fs";
import path from "node:path";
import { folderChain } from "./find-command.js";

/**
 * The nearest folder from the file's up to `projectRoot` that holds one of `markers`;
 * `projectRoot` when none does (or the file is outside it).
 */
export function serverRoot(file: string, markers: readonly string[], projectRoot: string): string {
  for (const folder of folderChain(path.dirname(file), projectRoot)) {
    if (markers.some((marker) => existsSync(path.join(folder, marker)))) return folder;
  }
  return projectRoot;
}
