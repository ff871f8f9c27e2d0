import { readFileSync } from "node:fs";
import path from "node:path";
import { escapeGlob } from "./glob-escape.js";

/**
 * A `.gitignore`'s rules rewritten to hold in its own folder only, for fd's
 * `--ignore-file` outside a git repository. fd matches an ignore file's rules against
 * paths outside that file's folder too: passed as it is, `.tool-output/.gitignore`
 * (`*`) hid every file of the project. Each rule is anchored at the folder's absolute
 * path (`**` + `/abs/folder/…`, which fd matches against the absolute paths it walks).
 */
export function absoluteIgnoreRules(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return []; // unreadable: git would not read it either
  }
  const folder = escapeGlob(path.dirname(path.resolve(file)).split(path.sep).join("/"));
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ""))
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => anchored(folder, line));
}

/** `!`, a trailing `/` and a slash inside (relative to the file's folder) keep their meaning. */
function anchored(folder: string, line: string): string {
  const negated = line.startsWith("!");
  let body = negated ? line.slice(1) : line;
  const folderOnly = body.endsWith("/");
  if (folderOnly) body = body.slice(0, -1);
  const rule = body.includes("/") ? `${folder}/${body.replace(/^\//, "")}` : `${folder}/**/${body}`;
  return `${negated ? "!" : ""}**${rule}${folderOnly ? "/" : ""}`;
}
