/**
 * The pure-Node directory walk behind grep's and find's fallbacks: hidden files
 * included, `.git` skipped, nested `.gitignore` files honoured with their own base
 * (an ignored folder is never entered), symlinks listed but not followed — the same
 * rules as rg and fd. Each folder is listed pinned (fs/pinned-dir.ts): one swapped for
 * a link while the walk is under way is skipped, not listed where the link leads.
 */
import type { Dirent } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import ignore, { type Ignore } from "ignore";
import { localFileOperations } from "../fs/operations.js";
import { AbortedError } from "../read/line-window.js";

interface WalkEntry {
  /** POSIX path relative to the walk root. */
  relative: string;
  absolute: string;
  isDirectory: boolean;
  /** A regular file (not a folder, link, FIFO, socket or device). */
  isFile: boolean;
}

interface IgnoreLayer {
  /** POSIX prefix (relative to the walk root, with trailing `/`, or `""`) the rules apply under. */
  base: string;
  rules: Ignore;
  /** For ancestors above the walk root: the path from the layer's folder to the walk root. */
  lead: string;
}

async function loadIgnore(dir: string): Promise<Ignore | undefined> {
  try {
    const text = await readFile(path.join(dir, ".gitignore"), "utf8");
    return ignore().add(text);
  } catch {
    return undefined;
  }
}

function isIgnored(
  layers: readonly IgnoreLayer[],
  relative: string,
  isDirectory: boolean,
): boolean {
  for (const layer of layers) {
    if (!relative.startsWith(layer.base)) continue;
    const inLayer = layer.lead + relative.slice(layer.base.length);
    if (layer.rules.ignores(isDirectory ? `${inLayer}/` : inLayer)) return true;
  }
  return false;
}

interface WalkOptions {
  /** Folder whose .gitignore files (from here down to the walk root) also apply. */
  ignoreRoot?: string;
  signal?: AbortSignal;
}

/**
 * All files and folders under `root`, sorted per folder, respecting .gitignore: each
 * folder's entries, then its subfolders' in turn. Yielded as found, so a caller that
 * stops at its limit stops the walk, and memory holds one listing per open folder
 * rather than the whole tree (a 500 000-file tree used to be one array).
 */
export async function* walk(root: string, options: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const layers: IgnoreLayer[] = [];
  if (options.ignoreRoot) {
    const relative = path.relative(options.ignoreRoot, root);
    if (relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative)) {
      const parts = relative.split(path.sep);
      for (let depth = 0; depth < parts.length; depth++) {
        const dir = path.join(options.ignoreRoot, ...parts.slice(0, depth));
        const rules = await loadIgnore(dir);
        if (rules) layers.push({ base: "", rules, lead: `${parts.slice(depth).join("/")}/` });
      }
    }
  }

  async function* visit(
    dir: string,
    prefix: string,
    inherited: IgnoreLayer[],
  ): AsyncGenerator<WalkEntry> {
    if (options.signal?.aborted) throw new AbortedError();
    let entries: Dirent[];
    try {
      entries = await localFileOperations.readdir(dir);
    } catch {
      return; // Unreadable (or swapped) folder: skipped, as rg and fd do.
    }
    const own = entries.some((entry) => entry.name === ".gitignore")
      ? await loadIgnore(dir)
      : undefined;
    const active = own ? [...inherited, { base: prefix, rules: own, lead: "" }] : inherited;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: [string, string][] = [];
    for (const entry of entries) {
      if (entry.name === ".git") continue;
      const relative = prefix + entry.name;
      const isDirectory = entry.isDirectory();
      if (isIgnored(active, relative, isDirectory)) continue;
      const absolute = path.join(dir, entry.name);
      yield { relative, absolute, isDirectory, isFile: entry.isFile() };
      if (isDirectory) subdirs.push([absolute, `${relative}/`]);
    }
    for (const [absolute, relative] of subdirs) yield* visit(absolute, relative, active);
  }
  yield* visit(root, "", layers);
}
