/**
 * The project's paths that differ from the store's index: changed, deleted and untracked
 * files, ignored ones left out. `git status` finds them, not `ls-files -o -m -d`: status
 * uses the untracked cache (a folder whose mtime did not change is not read again),
 * which git 2.39 supports only with `--untracked-files=normal`, so a new untracked folder
 * comes back as `dir/`; its files are then listed by a second status with
 * `--untracked-files=all` (rare after the first snapshot). No path is ever given to git
 * as an argument: names come back as bytes and need not be UTF-8 (file-names.ts). HEAD
 * names the session's snapshots (shadow-store.ts), so the index-against-HEAD half of
 * status prints nothing when nothing changed.
 */
import type { Result } from "@gong/base";
import { type ByteName, splitNames } from "./file-names.js";
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
  const all = await statusPaths(paths, "all");
  if (!all.ok) return all;
  return { ok: true, value: [...tracked, ...all.value.untracked] };
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
