/**
 * The entries of one folder as ls shows them: dotfiles included, a link typed by what it
 * points to, and a broken or unreadable link skipped.
 */
import path from "node:path";
import { failure } from "../core/envelope.js";
import { type Step, stop } from "../core/step.js";
import type { ToolEnvironment } from "../environment.js";
import { fileSystemFailure } from "../fs/errors.js";

export interface Entry {
  name: string;
  /** The name lower-cased once, for the case-insensitive sort. */
  key: string;
  type: "file" | "dir" | "link";
  isDirectory: boolean;
}

/** Case-insensitive, then by code unit so `A` and `a` keep a stable order. */
export function byName(a: Entry, b: Entry): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

type Dirents = Awaited<ReturnType<ToolEnvironment["fs"]["readdir"]>>;

/** Reads the folder's names; a file in its place is NOT_A_DIRECTORY with a read to try. */
export async function readFolder(
  env: ToolEnvironment,
  real: string,
  display: string,
): Promise<Step<{ dirents: Dirents }>> {
  try {
    if (!(await env.fs.stat(real)).isDirectory()) {
      return stop(
        failure("NOT_A_DIRECTORY", `Not a directory: ${display}`, {
          pathResolved: display,
          next: [`read(path="${display}") to read the file.`],
        }),
      );
    }
    return { ok: true, dirents: await env.fs.readdir(real) };
  } catch (error) {
    return stop(fileSystemFailure(error, "list", display, display));
  }
}

export async function entriesOf(
  env: ToolEnvironment,
  real: string,
  dirents: Dirents,
): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const dirent of dirents) {
    if (dirent.isSymbolicLink()) {
      try {
        const target = await env.fs.stat(path.join(real, dirent.name));
        entries.push({
          name: dirent.name,
          key: dirent.name.toLowerCase(),
          type: "link",
          isDirectory: target.isDirectory(),
        });
      } catch {
        // Broken or unreadable link: skipped (test/ls.test.ts 1.4).
      }
      continue;
    }
    const isDirectory = dirent.isDirectory();
    entries.push({
      name: dirent.name,
      key: dirent.name.toLowerCase(),
      type: isDirectory ? "dir" : "file",
      isDirectory,
    });
  }
  return entries;
}
