/**
 * What going back to a snapshot changes, and doing it. Only paths inside the project
 * are written: git itself refuses a path through a symbolic link, and a file created
 * since is removed only when its real folder is inside the project.
 */
import { readdirSync, realpathSync, rmdirSync, unlinkSync } from "node:fs";
import path from "node:path";
import { isPathWithin, type Result } from "@gong/base";
import { type GitPaths, runGit, splitNul } from "./git-command.js";

export interface FileChange {
  /** Relative to the project, `/`-separated. */
  path: string;
  /** What restoring does to it: put back its old content, remove it (created since), or bring it back (deleted since). */
  action: "restore" | "remove" | "recreate";
  /** Lines the file gains and loses by the restore (undefined for a binary file). */
  added?: number;
  removed?: number;
}

/** The files that differ between snapshot `current` and the `target` a restore goes back to. */
export async function changesBetween(
  paths: GitPaths,
  target: string,
  current: string,
): Promise<Result<FileChange[]>> {
  const base = ["diff-tree", "-r", "-z", "--no-renames", current, target];
  const statuses = await runGit(paths, [...base, "--name-status"]);
  if (!statuses.ok) return statuses;
  const counts = await runGit(paths, [...base, "--numstat"]);
  if (!counts.ok) return counts;
  const lines = lineCounts(counts.value.stdout);
  const fields = splitNul(statuses.value.stdout);
  const changes: FileChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const status = fields[i]!;
    const file = fields[i + 1]!;
    const action = status === "D" ? "remove" : status === "A" ? "recreate" : "restore";
    changes.push({ path: file, action, ...lines.get(file) });
  }
  return { ok: true, value: changes };
}

/** `--numstat -z`: `added\tremoved\tpath\0` (`-\t-` for a binary file). */
function lineCounts(text: string): Map<string, { added: number; removed: number }> {
  const counts = new Map<string, { added: number; removed: number }>();
  for (const record of splitNul(text)) {
    const [added, removed, file] = record.split("\t");
    if (file === undefined || added === "-") continue;
    counts.set(file, { added: Number(added), removed: Number(removed) });
  }
  return counts;
}

/** Puts the project's files back as they were in snapshot `target`. */
export async function restoreFiles(
  paths: GitPaths,
  target: string,
  changes: readonly FileChange[],
): Promise<Result<void>> {
  const back = changes.filter((change) => change.action !== "remove").map((change) => change.path);
  if (back.length > 0) {
    const input = `${back.join("\0")}\0`;
    const args = ["checkout", target, "--pathspec-from-file=-", "--pathspec-file-nul"];
    const restored = await runGit(paths, args, { input });
    if (!restored.ok) return restored;
  }
  const project = realpathSync(paths.workTree);
  for (const change of changes) {
    if (change.action !== "remove") continue;
    const removed = removeInside(project, change.path);
    if (!removed.ok) return removed;
  }
  return { ok: true, value: undefined };
}

function removeInside(project: string, file: string): Result<void> {
  const target = path.join(project, file);
  try {
    const folder = realpathSync(path.dirname(target));
    if (!isPathWithin(project, folder)) {
      return {
        ok: false,
        error: `${file} is reached through a link out of the project; left as it is.`,
      };
    }
    unlinkSync(path.join(folder, path.basename(target)));
    removeEmptyFolders(project, folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: true, value: undefined };
    return { ok: false, error: `Could not remove ${file}: ${(error as Error).message}` };
  }
  return { ok: true, value: undefined };
}

/** Folders a removed file leaves empty go too (they were created with it). */
function removeEmptyFolders(project: string, folder: string): void {
  for (let dir = folder; dir !== project && isPathWithin(project, dir); dir = path.dirname(dir)) {
    if (readdirSync(dir).length > 0) return;
    rmdirSync(dir);
  }
}
