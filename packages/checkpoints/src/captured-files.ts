/**
 * The content a write or edit is about to change, read in the gate before the call, so
 * that the rest of the snapshot (hashing, trees, commits: shadow-store.ts) can run while
 * the tool does and still record the file as it was before the call. Reading one file
 * costs microseconds; a `git status` of a large project costs a hundred milliseconds and
 * more, which every write and edit paid before it could start (issue 39 item 3).
 */
import { lstatSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import { isPathWithin } from "@gong/base";

/** A project file as it was when captured: its content and git mode, or absent. */
export interface CapturedFile {
  /** Relative to the project, `/`-separated. */
  path: string;
  /** null: there was no file (the call creates it). */
  content: Buffer | null;
  /** git's mode: a file, an executable file, or a symbolic link (content is its target). */
  mode: "100644" | "100755" | "120000";
}

/** What capturing a tool's path gave: the file, or why it is not captured. */
export type Capture =
  | { kind: "captured"; file: CapturedFile }
  /** Over the size limit: left out of snapshots and named in the checkpoint. */
  | { kind: "too-large"; path: string }
  /** Outside the project, or not a file (a folder): nothing of the project's to record. */
  | { kind: "none" };

/**
 * Captures the project file a tool's `path` argument names, as git would store it: a
 * symbolic link as a link, not what it points to. Never throws: a file that cannot be
 * read is left to the snapshot, which reads it itself.
 */
export function captureFile(project: string, file: string, maxBytes: number): Capture {
  const relative = projectRelative(project, file);
  if (relative === undefined) return { kind: "none" };
  const absolute = path.join(project, relative);
  try {
    const stats = lstatSync(absolute, { throwIfNoEntry: false });
    if (!stats)
      return { kind: "captured", file: { path: relative, content: null, mode: "100644" } };
    if (stats.isSymbolicLink()) {
      const content = Buffer.from(readlinkSync(absolute, { encoding: "buffer" }));
      return { kind: "captured", file: { path: relative, content, mode: "120000" } };
    }
    if (!stats.isFile()) return { kind: "none" };
    if (stats.size > maxBytes) return { kind: "too-large", path: relative };
    const mode = (stats.mode & 0o111) !== 0 ? "100755" : "100644";
    return { kind: "captured", file: { path: relative, content: readFileSync(absolute), mode } };
  } catch {
    return { kind: "none" };
  }
}

/**
 * A tool's path argument relative to the project's real folder, `/`-separated, through
 * the real folder that holds it (a linked folder inside the project is where git sees
 * the file); undefined outside the project.
 */
export function projectRelative(project: string, file: string): string | undefined {
  const absolute = path.resolve(project, file);
  let root: string;
  try {
    root = realpathSync(project);
  } catch {
    return undefined;
  }
  // A folder that does not exist yet (a write creating it): its nearest existing ancestor.
  let folder = path.dirname(absolute);
  let rest = path.basename(absolute);
  for (;;) {
    try {
      folder = path.join(realpathSync(folder), rest);
      break;
    } catch {
      const parent = path.dirname(folder);
      if (parent === folder) return undefined;
      rest = path.join(path.basename(folder), rest);
      folder = parent;
    }
  }
  if (!isPathWithin(root, folder)) return undefined;
  const relative = path.relative(root, folder);
  if (relative === "" || relative.startsWith("..")) return undefined;
  return relative.split(path.sep).join("/");
}
