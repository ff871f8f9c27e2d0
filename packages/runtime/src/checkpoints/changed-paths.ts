/**
 * The project's paths that differ from the store's index: changed, deleted and untracked
 * files, ignored ones left out. `git status` finds them, not `ls-files -o -m -d`: status
 * uses the untracked cache (a folder whose mtime did not change is not read again),
 * which git 2.39 supports only with `--untracked-files=normal`, so a new untracked folder
 * comes back as `dir/` and is listed file by file with `ls-files -o` (rare after the
 * first snapshot). HEAD names the session's snapshots (shadow-store.ts), so the
 * index-against-HEAD half of status prints nothing when nothing changed.
 */
import type { Result } from "@gong/base";
import { type GitPaths, runGit, splitNul } from "./git-command.js";

const STATUS = [
  "-c",
  "core.untrackedCache=true",
  "-c",
  "core.preloadIndex=true",
  "status",
  "--porcelain",
  "-z",
  "--no-renames",
  "--untracked-files=normal",
];

export async function changedPaths(paths: GitPaths): Promise<Result<string[]>> {
  const status = await runGit(paths, STATUS);
  if (!status.ok) return status;
  const files: string[] = [];
  const folders: string[] = [];
  for (const record of splitNul(status.value.stdout)) {
    // `XY path`: X is the index against HEAD (ignored), Y the work tree against the index.
    const code = record.slice(0, 2);
    const file = record.slice(3);
    if (code === "??") (file.endsWith("/") ? folders : files).push(file);
    else if (code[1] !== " ") files.push(file);
  }
  if (folders.length === 0) return { ok: true, value: files };
  const inside = await runGit(paths, [
    "ls-files",
    "-z",
    "-o",
    "--exclude-standard",
    "--",
    ...folders,
  ]);
  if (!inside.ok) return inside;
  return { ok: true, value: [...files, ...splitNul(inside.value.stdout)] };
}
