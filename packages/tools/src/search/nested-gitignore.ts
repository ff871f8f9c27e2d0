import { readFileSync } from "node:fs";
import path from "node:path";
import { escapeGlob } from "./glob-escape.js";

/**
 * A `.gitignore`'s rules rewritten to hold in its own folder only, for fd's
 * `--ignore-file` outside a git repository. fd matches an ignore file's rules against
 * paths outside that file's folder too: passed as it is, `.tool-output/.gitignore`
 * (`*`) hid every file of the project. fd runs in the search folder and walks paths
 * relative to it (search/find-fd.ts), so each rule is anchored at the file's folder
 * relative to there (`/sub/**` + `/…`; `/**` + `/…` for the search folder itself).
 *
 * `searchRoot` is how to reach the search folder (its pinned path), `file` the
 * `.gitignore` relative to it, POSIX.
 */
export function searchRootIgnoreRules(searchRoot: string, file: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(searchRoot, file), "utf8");
  } catch {
    return []; // unreadable: git would not read it either
  }
  const folder = path.posix.dirname(file);
  const prefix = folder === "." ? "" : `${escapeGlob(folder)}/`;
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => anchored(prefix, line));
}

/** `!`, a trailing `/` and a slash inside (relative to the file's folder) keep their meaning. */
function anchored(prefix: string, line: string): string {
  const negated = line.startsWith("!");
  let body = negated ? line.slice(1) : line;
  const folderOnly = body.endsWith("/");
  if (folderOnly) body = body.slice(0, -1);
  const rule = body.includes("/") ? `/${prefix}${body.replace(/^\//, "")}` : `/${prefix}**/${body}`;
  return `${negated ? "!" : ""}${rule}${folderOnly ? "/" : ""}`;
}
