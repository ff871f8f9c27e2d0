import { readFileSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
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
  const folder = path.posix.dirname(file);
  const prefix = folder === "." ? "" : `${escapeGlob(folder)}/`;
  return ruleLines(path.join(searchRoot, file)).map((line) => anchored(prefix, line));
}

/**
 * The rules of the `.gitignore` files in the folders from `projectRoot` down to the search
 * folder's parent, as they hold inside the search folder (rg and fd ≥ 8.7 read those files
 * themselves; fd 8.6 outside a repository does not), the project root's first: a later
 * rule wins. `searchFolder` is inside `projectRoot`; both real paths.
 */
export function aboveSearchRootIgnoreRules(projectRoot: string, searchFolder: string): string[] {
  const below = path.relative(projectRoot, searchFolder).split(path.sep);
  if (below[0] === "" || below[0] === "..") return [];
  return below.flatMap((_, depth) => {
    const folder = path.join(projectRoot, ...below.slice(0, depth));
    const rest = below.slice(depth);
    return ruleLines(path.join(folder, ".gitignore")).flatMap((line) => heldBelow(line, rest));
  });
}

/** A `.gitignore`'s rule lines: no blank lines, no comments, trailing spaces cut. */
function ruleLines(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return []; // none, or unreadable: git would not read it either
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/**
 * A rule of a folder's `.gitignore` as rules of its subfolder `rest` (names, non-empty),
 * anchored there: a rule without an inner slash holds at any depth; one with a slash is
 * anchored at its folder, so its leading parts must match `rest` (`**` may take any
 * number of them) and what is left holds from the subfolder. None when it cannot match
 * below it.
 */
function heldBelow(line: string, rest: readonly string[]): string[] {
  const negated = line.startsWith("!");
  let body = negated ? line.slice(1) : line;
  const folderOnly = body.endsWith("/");
  if (folderOnly) body = body.slice(0, -1);
  const patterns = body.includes("/")
    ? leftAfter(body.replace(/^\//, "").split("/"), rest).map((parts) => parts.join("/"))
    : [`**/${body}`];
  return patterns.map((left) => `${negated ? "!" : ""}/${left}${folderOnly ? "/" : ""}`);
}

/** What is left of the pattern `parts` once it matched the folders `rest`, every way. */
function leftAfter(parts: readonly string[], rest: readonly string[]): string[][] {
  if (rest.length === 0) return parts.length > 0 ? [[...parts]] : [];
  const [first, ...others] = parts;
  if (first === undefined) return [];
  if (first === "**") {
    // A last `**` takes everything; one before more parts takes some of the folders, or
    // all of them and any below (`**/…` is left).
    if (others.length === 0) return [["**"]];
    const taken = rest.flatMap((_, count) => leftAfter(others, rest.slice(count)));
    return [...taken, ["**", ...others]];
  }
  return picomatch.isMatch(rest[0]!, first, { dot: true }) ? leftAfter(others, rest.slice(1)) : [];
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
