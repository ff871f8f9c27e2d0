/**
 * What going back to a snapshot changes, and doing it. Only paths inside the project
 * are written: git itself refuses a path through a symbolic link, and a file created
 * since is removed only when its real folder is inside the project.
 */
import { readdirSync, realpathSync, rmdirSync, unlinkSync } from "node:fs";
import path from "node:path";
import { isPathWithin, type Result } from "@gong/base";
import {
  asByteName,
  type ByteName,
  byteNameOf,
  bytePath,
  nulInput,
  shownName,
  splitNames,
} from "./file-names.js";
import { type GitPaths, runGit } from "./git-command.js";

export interface FileChange {
  /**
   * Relative to the project, `/`-separated; a name that is not UTF-8 shows each byte
   * that is not as `\xNN`, and `pathBytes` has the name exactly.
   */
  path: string;
  /** The name's bytes (base64), only when they are not UTF-8. */
  pathBytes?: string;
  /** What restoring does to it: put back its old content, remove it (created since), or bring it back (deleted since). */
  action: "restore" | "remove" | "recreate";
  /** Lines the file gains and loses by the restore (undefined for a binary file). */
  added?: number;
  removed?: number;
  /**
   * Changed since by something other than this session's tools (by hand, another
   * session): the rewind undoes that change too (changes-by-others.ts).
   */
  byOthers?: boolean;
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
  const lines = lineCounts(counts.value.bytes);
  const fields = splitNames(statuses.value.bytes);
  const changes: FileChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const status = fields[i]!;
    const file = fields[i + 1]!;
    const action = status === "D" ? "remove" : status === "A" ? "recreate" : "restore";
    changes.push({ ...shownName(file), action, ...lines.get(file) });
  }
  return { ok: true, value: changes };
}

/** `--numstat -z`: `added\tremoved\tpath\0` (`-\t-` for a binary file). */
function lineCounts(bytes: Buffer): Map<ByteName, { added: number; removed: number }> {
  const counts = new Map<ByteName, { added: number; removed: number }>();
  for (const record of splitNames(bytes)) {
    const [added, removed, file] = record.split("\t");
    if (file === undefined || added === "-") continue;
    counts.set(file, { added: Number(added), removed: Number(removed) });
  }
  return counts;
}

/**
 * Puts the project's files back as they were in snapshot `target`. Files created since
 * go first, so a link that replaced a folder is gone before the folder's files come back
 * (and a folder before the link that replaces it). A file that cannot be put back does not
 * stop the others: the error names each one (the caller then checks what still differs).
 */
export async function restoreFiles(
  paths: GitPaths,
  target: string,
  changes: readonly FileChange[],
): Promise<Result<void>> {
  const project = realpathSync(paths.workTree);
  const errors: string[] = [];
  for (const change of changes) {
    if (change.action !== "remove") continue;
    const removed = removeInside(project, change);
    if (!removed.ok) errors.push(removed.error);
  }
  const back = changes.filter((change) => change.action !== "remove").map(byteNameOf);
  if (back.length > 0) {
    const args = ["checkout", target, "--pathspec-from-file=-", "--pathspec-file-nul"];
    const restored = await runGit(paths, args, { input: nulInput(back) });
    if (!restored.ok) errors.push(restored.error);
  }
  if (errors.length > 0) return { ok: false, error: errors.join("; ") };
  return { ok: true, value: undefined };
}

function removeInside(project: string, change: FileChange): Result<void> {
  const file = byteNameOf(change);
  const target = bytePath(project, file).toString("latin1");
  try {
    // The native call: the JavaScript one decodes a Buffer path as UTF-8.
    const folder = realpathSync.native(Buffer.from(path.dirname(target), "latin1"), "buffer");
    if (!isPathWithin(asByteName(project), folder.toString("latin1"))) {
      return {
        ok: false,
        error: `${change.path} is reached through a link out of the project; left as it is.`,
      };
    }
    unlinkSync(Buffer.concat([folder, Buffer.from(`/${path.basename(target)}`, "latin1")]));
    removeEmptyFolders(asByteName(project), folder.toString("latin1"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: true, value: undefined };
    return { ok: false, error: `Could not remove ${change.path}: ${(error as Error).message}` };
  }
  return { ok: true, value: undefined };
}

/** Folders a removed file leaves empty go too (they were created with it); byte names. */
function removeEmptyFolders(project: ByteName, folder: ByteName): void {
  for (let dir = folder; dir !== project && isPathWithin(project, dir); dir = path.dirname(dir)) {
    const bytes = Buffer.from(dir, "latin1");
    if (readdirSync(bytes).length > 0) return;
    rmdirSync(bytes);
  }
}
