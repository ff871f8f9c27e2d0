import { realpath } from "node:fs/promises";
import path from "node:path";
import { findPaths } from "@gong/runtime";
import type {
  AutocompleteItem,
  AutocompleteProvider,
  AutocompleteSuggestions,
} from "@mariozechner/pi-tui";

/** Suggestions shown for one `@query`. */
const SHOWN = 20;
/** Paths asked of the search before ranking. */
const CANDIDATES = 200;
/** `@query` ending at the cursor, at the line's start or after a space. */
const AT_QUERY = /(?:^|\s)(@[^\s@"]*)$/;

/**
 * `@` completes the project's files as the find tool sees them: .gitignore respected
 * (also outside a git repository, and without fd through the Node walk), hidden files
 * included, `.git` left out. Everything else — slash commands, a path on Tab — is the
 * wrapped provider's (pi-tui's), which also applies the chosen item.
 */
export class ProjectPathCompletion implements AutocompleteProvider {
  constructor(
    private readonly inner: AutocompleteProvider,
    private readonly cwd: string,
  ) {}

  async getSuggestions(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    options: { signal: AbortSignal; force?: boolean },
  ): Promise<AutocompleteSuggestions | null> {
    const match = AT_QUERY.exec((lines[cursorLine] ?? "").slice(0, cursorCol));
    if (!match) return this.inner.getSuggestions(lines, cursorLine, cursorCol, options);
    const prefix = match[1]!;
    const paths = await matchingPaths(prefix.slice(1), this.cwd, options.signal);
    return paths.length > 0 ? { prefix, items: paths.map(pathItem) } : null;
  }

  applyCompletion(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    item: AutocompleteItem,
    prefix: string,
  ): { lines: string[]; cursorLine: number; cursorCol: number } {
    return this.inner.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
  }

  shouldTriggerFileCompletion(lines: string[], cursorLine: number, cursorCol: number): boolean {
    return this.inner.shouldTriggerFileCompletion?.(lines, cursorLine, cursorCol) ?? true;
  }
}

/** The project paths for `@query`, best first (folders end with `/`). */
export async function matchingPaths(
  query: string,
  cwd: string,
  signal?: AbortSignal,
): Promise<string[]> {
  // The search pins the folder it is given, which must be its real path.
  const root = await realpath(cwd).catch(() => cwd);
  const run = await findPaths({
    pattern: globFor(query),
    searchPath: root,
    projectRoot: root,
    limit: CANDIDATES,
    signal,
  });
  return run.ok ? rankPaths(run.paths, query).slice(0, SHOWN) : [];
}

/**
 * `pars` → names containing it, at any depth; `src/pa` → entries of `src/` whose name
 * starts with `pa` (a folder part anchors the search at the project root, as in find).
 */
export function globFor(query: string): string {
  const escaped = query.replace(/[*?[\]{}\\]/g, "\\$&");
  return escaped.includes("/") ? `${escaped}*` : `*${escaped}*`;
}

/** Names that start with the query first, then shallower paths, then by name. */
export function rankPaths(paths: readonly string[], query: string): string[] {
  const wanted = query.slice(query.lastIndexOf("/") + 1).toLowerCase();
  const rank = (entry: string) => {
    const name = path.posix.basename(entry).toLowerCase();
    return name.startsWith(wanted) ? 0 : 1;
  };
  const depth = (entry: string) => entry.replace(/\/$/, "").split("/").length;
  return [...paths].sort((a, b) => rank(a) - rank(b) || depth(a) - depth(b) || a.localeCompare(b));
}

function pathItem(entry: string): AutocompleteItem {
  const folder = entry.endsWith("/");
  const name = path.posix.basename(entry);
  const parent = path.posix.dirname(entry.replace(/\/$/, ""));
  return {
    value: `@${entry}`,
    label: folder ? `${name}/` : name,
    ...(parent === "." ? {} : { description: parent }),
  };
}
