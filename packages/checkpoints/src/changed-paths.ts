/**
 * The project's paths that differ from the store's index: changed, deleted and untracked
 * files, ignored ones left out. `git status` finds them, not `ls-files -o -m -d`: status
 * uses the untracked cache (a folder whose mtime did not change is not read again),
 * which git 2.39 supports only with `--untracked-files=normal`, so a new untracked folder
 * comes back as `dir/` and is listed file by file (rare after the first snapshot). Names
 * come back as bytes and need not be UTF-8 (file-names.ts); one that is not is never
 * given to git as an argument. HEAD
 * names the session's snapshots (shadow-store.ts), so the index-against-HEAD half of
 * status prints nothing when nothing changed. Its second format also names the index's
 * mode and object of each changed tracked file, which tells a snapshot whether what a
 * gate read is what the index holds without asking git again.
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
  "--porcelain=v2",
  "-z",
  "--no-renames",
];

interface StatusPaths {
  /** Changed or deleted tracked paths. */
  tracked: ByteName[];
  /** Untracked files, and untracked folders as `dir/`. */
  untracked: ByteName[];
  /** For each changed tracked path, the index's `mode object`. */
  indexed: Map<ByteName, string>;
}

export interface ChangedPaths {
  /** Changed, deleted and untracked files (new folders listed file by file). */
  names: ByteName[];
  /** The untracked ones. */
  untracked: Set<ByteName>;
  /** For each changed tracked path, the index's `mode object`. */
  indexed: Map<ByteName, string>;
}

export async function changedPaths(paths: GitPaths): Promise<Result<ChangedPaths>> {
  const status = await statusPaths(paths, "normal");
  if (!status.ok) return status;
  const { tracked, untracked, indexed } = status.value;
  if (!untracked.some((file) => file.endsWith("/"))) {
    const names = [...tracked, ...untracked];
    return { ok: true, value: { names, untracked: new Set(untracked), indexed } };
  }
  const inside = await filesOfNewFolders(paths, untracked);
  if (!inside.ok) return inside;
  const names = [...tracked, ...inside.value];
  return { ok: true, value: { names, untracked: new Set(inside.value), indexed } };
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
  const found: StatusPaths = { tracked: [], untracked: [], indexed: new Map() };
  for (const record of splitNames(status.value.bytes)) {
    // `? path`, or `1 XY sub mH mI mW hH hI path`: X is the index against HEAD (ignored),
    // Y the work tree against the index ("." when the same); `u …` (unmerged) never here.
    if (record.startsWith("? ")) {
      found.untracked.push(record.slice(2));
      continue;
    }
    const fields = record.split(" ");
    if (fields[0] !== "1" || fields[1]?.[1] === ".") continue;
    const file = fields.slice(8).join(" ");
    found.tracked.push(file);
    found.indexed.set(file, `${fields[4]} ${fields[7]}`);
  }
  return { ok: true, value: found };
}
