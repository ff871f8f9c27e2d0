/**
 * The project's paths that differ from the store's index: changed, deleted and untracked
 * files, ignored ones left out. `git status` finds them, not `ls-files -o -m -d`: status
 * uses the untracked cache (a folder whose mtime did not change is not read again),
 * which git 2.39 supports only with `--untracked-files=normal`, so a new untracked folder
 * comes back as `dir/` and is listed file by file (rare after the first snapshot). Names
 * come back as bytes and need not be UTF-8 (file-names.ts); one that is not is never
 * given to git as an argument. HEAD
 * names the session's snapshots (shadow-store.ts), so the index-against-HEAD half of
 * status prints nothing when nothing changed.
 */
import type { Result } from "@gong/base";
import { type ByteName, shownName, splitNames } from "./file-names.js";
import { type GitPaths, runGit } from "./git-command.js";

const STATUS = [
  "-c",
  "core.untrackedCache=true",
  "-c",
  "core.preloadIndex=true",
  "status",
  "--porcelain",
  "-z",
  "--no-renames",
];

interface StatusPaths {
  /** Changed or deleted tracked paths. */
  tracked: ByteName[];
  /** Untracked files, and untracked folders as `dir/`. */
  untracked: ByteName[];
}

export async function changedPaths(paths: GitPaths): Promise<Result<ByteName[]>> {
  const status = await statusPaths(paths, "normal");
  if (!status.ok) return status;
  const { tracked, untracked } = status.value;
  if (!untracked.some((file) => file.endsWith("/"))) {
    return { ok: true, value: [...tracked, ...untracked] };
  }
  const inside = await filesOfNewFolders(paths, untracked);
  if (!inside.ok) return inside;
  return { ok: true, value: [...tracked, ...inside.value] };
}

/**
 * The untracked files, new folders listed file by file: by `ls-files -o` on those folders
 * when their names can be arguments (UTF-8), else by a status of the whole project with
 * `--untracked-files=all`, which needs no argument.
 */
async function filesOfNewFolders(
  paths: GitPaths,
  untracked: readonly ByteName[],
): Promise<Result<ByteName[]>> {
  const folders = untracked.filter((file) => file.endsWith("/"));
  const shown = folders.map(shownName);
  if (shown.some((name) => name.pathBytes !== undefined)) {
    const all = await statusPaths(paths, "all");
    return all.ok ? { ok: true, value: all.value.untracked } : all;
  }
  const args = ["ls-files", "-z", "-o", "--exclude-standard", "--", ...shown.map((n) => n.path)];
  const inside = await runGit(paths, args);
  if (!inside.ok) return inside;
  const files = untracked.filter((file) => !file.endsWith("/"));
  return { ok: true, value: [...files, ...splitNames(inside.value.bytes)] };
}

async function statusPaths(
  paths: GitPaths,
  untracked: "normal" | "all",
): Promise<Result<StatusPaths>> {
  const status = await runGit(paths, [...STATUS, `--untracked-files=${untracked}`]);
  if (!status.ok) return status;
  const found: StatusPaths = { tracked: [], untracked: [] };
  for (const record of splitNames(status.value.bytes)) {
    // `XY path`: X is the index against HEAD (ignored), Y the work tree against the index.
    const code = record.slice(0, 2);
    const file = record.slice(3);
    if (code === "??") found.untracked.push(file);
    else if (code[1] !== " ") found.tracked.push(file);
  }
  return { ok: true, value: found };
}
