/**
 * rg and fd walk the folders below the search folder by name themselves: one swapped for
 * a symbolic link while they walk is followed — their look-up, not ours (grep and find
 * from `.` reported what was outside, 25/200 and 12/200 under a swap loop). So what they
 * report is confirmed inside before it reaches the model, through the pinned folders:
 * - a path find reports must be there now, in its folder pinned at its real path;
 * - a line grep reports must be that line of the file opened checked at its real path.
 * What was read elsewhere fails one or the other and is dropped. (The Node walk pins
 * every folder as it goes and needs none of this.)
 *
 * That costs a look-up per path or a read per file, so it is paid only where something
 * may have moved: a swap (rename, link, removal or creation of an entry) changes the
 * folder that holds the entry, and its change time (ctime, which no user can set back).
 * What was reached through folders that are all real folders unchanged since the tool
 * started, from the first folder that can be trusted (`from`: the pinned search folder,
 * or the project root fd walks from by name) down, is kept as it is: one `lstat` per
 * folder, top down, so a folder looked up through a swapped one is itself new (or a link)
 * and fails. For a name find reports that chain ends at the parent of its folder (a
 * folder swapped for a link changes its parent, and fd lists a folder's own entries
 * without following them); for a line grep reports, at the file's own folder (a file
 * swapped for a link is followed when rg opens it). The rest are confirmed.
 */
import { lstatSync } from "node:fs";
import path from "node:path";
import { localFileOperations } from "../fs/operations.js";
import { type PinnedDir, pinDirectory } from "../fs/pinned-dir.js";
import { isInside } from "../path/inside.js";
import { cappedLines } from "./capped-lines.js";
import type { GrepLine } from "./grep-types.js";

/**
 * What a folder's change time may lag the clock (file systems stamp with a coarse clock):
 * a change up to this long before the start counts as made while the tool ran.
 */
const CLOCK_SLACK_MS = 1000;

/** Taken before rg or fd starts: the `since` of pathsNotThere and confirmLines. */
export function searchStarted(): number {
  return Date.now() - CLOCK_SLACK_MS;
}

/**
 * Whether each folder from `root` (a real folder that can be trusted) down to a given one
 * is a real folder not changed since `since`, memoized per folder.
 */
function unchangedFolders(root: string, since: number): (folder: string) => boolean {
  const known = new Map<string, boolean>();
  const check = (folder: string): boolean => {
    const seen = known.get(folder);
    if (seen !== undefined) return seen;
    let unchanged = false;
    if (isInside(root, folder)) {
      unchanged = (folder === root || check(path.dirname(folder))) && folderStill(folder, since);
    }
    known.set(folder, unchanged);
    return unchanged;
  };
  return check;
}

function folderStill(folder: string, since: number): boolean {
  try {
    const stats = lstatSync(folder);
    return stats.isDirectory() && stats.ctimeMs < since;
  } catch {
    return false;
  }
}

/**
 * Reported paths by their folder part (undefined: a path with an odd segment, always
 * looked up). Filled as fd prints, so the per-path work is done while it still walks.
 */
export interface PathsByFolder {
  add(reported: string): void;
  readonly groups: ReadonlyMap<string | undefined, readonly string[]>;
}

export function groupByFolder(): PathsByFolder {
  const groups = new Map<string | undefined, string[]>();
  return {
    add(reported) {
      const folder = reportedFolder(reported);
      const group = groups.get(folder);
      if (group) group.push(reported);
      else groups.set(folder, [reported]);
    },
    groups,
  };
}

/**
 * The grouped paths (relative to the real search folder `root`, folders with a trailing
 * `/`) that are not there: where the folders leading to a group's folder, from `from`
 * (`root` or a folder above it) down, are unchanged since `since` (searchStarted), none;
 * the others are looked up through their pinned folder.
 */
export function pathsNotThere(
  root: string,
  grouped: PathsByFolder,
  since: number,
  from = root,
): Set<string> {
  const unchanged = unchangedFolders(from, since);
  const base = root.endsWith(path.sep) ? root : root + path.sep;
  const moved: string[] = [];
  for (const [folder, reported] of grouped.groups) {
    if (folder !== undefined) {
      const holder = folder === "" ? root : base + folder;
      if (holder === from || unchanged(holder.slice(0, holder.lastIndexOf(path.sep)) || "/"))
        continue;
    }
    moved.push(...reported);
  }
  if (moved.length === 0) return new Set();
  const confirmed = new Set(confirmEach(root, moved));
  return new Set(moved.filter((entry) => !confirmed.has(entry)));
}

/** A `.` or `..` segment, or an empty one: such a path is looked up, never trusted. */
const ODD_SEGMENT = /(^|[\\/])\.{0,2}([\\/]|$)/;

/**
 * The folder part of a reported path (`a/b/` and `a/c` are in `a`, `d` in ``), cut from
 * the text; undefined for a path with an odd segment.
 */
function reportedFolder(reported: string): string | undefined {
  const entry = reported.endsWith(path.sep) ? reported.slice(0, -1) : reported;
  // The regular expression only where an odd segment can be: 12 500 paths in ~1 ms.
  const mayBeOdd =
    entry === "" ||
    entry.startsWith(".") ||
    entry.startsWith(path.sep) ||
    entry.endsWith(path.sep) ||
    entry.includes(`${path.sep}.`) ||
    entry.includes(path.sep + path.sep) ||
    entry.includes("\\");
  if (mayBeOdd && ODD_SEGMENT.test(entry)) return undefined;
  const cut = entry.lastIndexOf(path.sep);
  return cut < 0 ? "" : entry.slice(0, cut);
}

function confirmEach(root: string, paths: readonly string[]): string[] {
  const byFolder = new Map<string, string[]>();
  for (const reported of paths) {
    const folder = path.dirname(path.join(root, reported));
    const list = byFolder.get(folder) ?? [];
    list.push(reported);
    byFolder.set(folder, list);
  }
  const confirmed = new Set<string>();
  for (const [folder, reported] of byFolder) {
    let pinned: PinnedDir;
    try {
      pinned = pinDirectory(folder);
    } catch {
      continue; // Not the folder it was when checked: nothing in it is shown.
    }
    try {
      for (const entry of reported) {
        if (isThere(pinned, entry)) confirmed.add(entry);
      }
      pinned.verify();
    } catch {
      for (const entry of reported) confirmed.delete(entry);
    } finally {
      pinned.close();
    }
  }
  return paths.filter((entry) => confirmed.has(entry));
}

function isThere(folder: PinnedDir, reported: string): boolean {
  const isFolder = reported.endsWith("/");
  try {
    const stats = lstatSync(folder.entry(path.basename(reported)));
    return stats.isDirectory() === isFolder;
  } catch {
    return false;
  }
}

/** rg's message about one file: `[rg: ]<path>: <reason> (os error N)`. */
const FILE_MESSAGE = /^(?:rg: )?(.+): [^:]*\(os error \d+\)$/;

/** What is shown for a warning that could name something read through a swapped folder. */
export const UNCHECKED_WARNING =
  "rg could not read a file that changed while it searched (its name is not shown)";

/**
 * rg's warnings (or the lines of its failure) that may be shown: one that names no path,
 * or one about a file reached through folders unchanged since `since` (from `from` down),
 * as it is. A file listed through a folder swapped for a link and gone when rg opened it is
 * named in rg's message — outside names, as a swap-race run showed — so any other line
 * becomes UNCHECKED_WARNING. `toReal` maps a path rg printed to its real path.
 */
export function confirmWarnings(
  from: string,
  warnings: readonly string[],
  since: number,
  toReal: (reported: string) => string,
): string[] {
  const unchanged = unchangedFolders(from, since);
  return warnings.map((warning) => {
    if (!warning.includes("/")) return warning;
    const file = FILE_MESSAGE.exec(warning)?.[1];
    return file !== undefined && unchanged(path.dirname(toReal(file)))
      ? warning
      : UNCHECKED_WARNING;
  });
}

/** Longest line compared whole; a longer one is compared by its start. */
const MAX_LINE_BYTES = 1024 * 1024;
/** Small: up to 100 files are read at once, most of them for a line near the top. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The reported `lines` (absolute real paths under the real search folder `root`) that
 * are in their files now, as reported; a file whose folders did not change since `since`
 * (searchStarted) is the file rg read, and its lines are kept without a read.
 */
export async function confirmLines(
  root: string,
  lines: readonly GrepLine[],
  since: number,
): Promise<GrepLine[]> {
  const unchanged = unchangedFolders(root, since);
  const byFile = new Map<string, GrepLine[]>();
  const confirmed = new Set<GrepLine>();
  for (const line of lines) {
    if (unchanged(path.dirname(line.file))) {
      confirmed.add(line);
      continue;
    }
    const list = byFile.get(line.file) ?? [];
    list.push(line);
    byFile.set(line.file, list);
  }
  // The files at once: each is an open and a short read in the thread pool (~0.1 ms).
  await Promise.all(
    [...byFile].map(async ([file, reported]) => {
      for (const line of await linesStillThere(file, reported)) confirmed.add(line);
    }),
  );
  return lines.filter((line) => confirmed.has(line));
}

/**
 * Whether the reported line is the file's line now. Either side may hold only the
 * start of a long line — rg-json-stream keeps the head of a JSON line over its cap, and
 * the file's line is read up to MAX_LINE_BYTES — so the shorter start must begin the
 * longer one; a start of the confirmed file's own line shows nothing from elsewhere. A
 * head cut inside a multi-byte character ends in U+FFFD, which is left out of the
 * comparison (grep-rg-long-line.test.ts).
 */
function sameLine(reported: GrepLine, there: { text: string; cut: boolean }): boolean {
  if (reported.headOnly) return there.text.startsWith(reported.text.replace(/\uFFFD$/, ""));
  return there.cut ? reported.text.startsWith(there.text) : reported.text === there.text;
}

async function linesStillThere(file: string, reported: readonly GrepLine[]): Promise<GrepLine[]> {
  const wanted = new Map(reported.map((line) => [line.line, line]));
  const last = Math.max(...wanted.keys());
  const there: GrepLine[] = [];
  try {
    let number = 0;
    for await (const { text, cut } of cappedLines(
      localFileOperations.readChunks(file, CHUNK_BYTES),
      MAX_LINE_BYTES,
    )) {
      number++;
      const line = wanted.get(number);
      if (line && sameLine(line, { text, cut })) there.push(line);
      if (number >= last) break;
    }
  } catch {
    return []; // Not the file it was when checked (or unreadable): none of its lines.
  }
  return there;
}
