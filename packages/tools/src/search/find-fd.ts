/**
 * find through fd (test/find.test.ts): glob mode, hidden files, `.git` excluded, at most
 * limit+1 results (one more than shown tells us there are more). fd before 8.7 honours
 * .gitignore only inside a git repository, so outside one the rules of the .gitignore
 * files in the search folder and in the folders above it up to the project root are
 * passed with one --ignore-file, each rewritten to hold where it holds for git.
 * fd runs in the pinned search folder (fs/pinned-dir.ts). Inside the project it searches
 * the folder's real path: fd matches each entry against the ignore files of the folders
 * above the search folder, and does that 10–15 ms faster per 50 000 entries on absolute
 * paths; what it reports is confirmed from the project root down (confirm-reported.ts).
 * Outside the project it searches where it runs, the pinned folder.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pinDirectory } from "../fs/pinned-dir.js";
import { isInside } from "../path/inside.js";
import { groupByFolder, pathsNotThere, searchStarted } from "./confirm-reported.js";
import { SEARCH_ABORTED } from "./engine.js";
import { type FdExit, printedNames, runFd } from "./fd-run.js";
import type { FindRequest, FindRun } from "./find-types.js";
import { gitPlace } from "./git-entries.js";
import { escapeGlob } from "./glob-escape.js";
import { aboveSearchRootIgnoreRules, searchRootIgnoreRules } from "./nested-gitignore.js";

/**
 * Throws `PathChangedError` when the search folder is no longer the checked one (the
 * tool answers ACCESS_DENIED).
 */
export async function findWithFd(
  fdPath: string,
  noRequireGit: boolean,
  request: FindRequest,
): Promise<FindRun> {
  const root = pinDirectory(request.searchPath);
  try {
    const run = await findInPinned(fdPath, noRequireGit, request, root.path);
    root.verify();
    return run;
  } finally {
    root.close();
  }
}

interface FdCall {
  args: string[];
  /** The rules of the .gitignore files outside a git repository; removed after the run. */
  ignoreFile: string | undefined;
  /** fd searches the folder's real path (inside the project), else where it runs. */
  absolute: boolean;
}

async function fdCall(
  fdPath: string,
  noRequireGit: boolean,
  request: FindRequest,
  cwd: string,
): Promise<FdCall> {
  const base = ["--glob", "--color=never", "--hidden", "--print0", "--exclude", ".git"];
  const { holdsGit, inRepository } = gitPlace(request.searchPath);
  const args = [
    ...(holdsGit ? base : base.slice(0, -2)),
    "--max-results",
    String(request.limit + 1),
  ];
  let ignoreFile: string | undefined;
  if (!inRepository && noRequireGit) {
    args.push("--no-require-git");
  } else if (!inRepository) {
    const listed = printedNames("./");
    const listing = [...base, "--no-ignore", "--type", "f", "--", ".gitignore"];
    await runFd(fdPath, listing, cwd, listed, { signal: request.signal });
    const rules = [
      ...aboveSearchRootIgnoreRules(request.projectRoot, request.searchPath),
      ...listed.sorted().flatMap((file) => searchRootIgnoreRules(cwd, file)),
    ];
    if (rules.length > 0) {
      ignoreFile = path.join(mkdtempSync(path.join(tmpdir(), "gong-find-")), "ignore");
      writeFileSync(ignoreFile, `${rules.join("\n")}\n`);
      args.push("--ignore-file", ignoreFile);
    }
  }
  // `**/name` is fd's own name match at any depth, which is faster than --full-path.
  let pattern = request.pattern.replace(/^(\.\/)?(\*\*\/)+(?=[^/]+$)/, "");
  if (pattern.includes("/")) {
    // A pattern with a folder part matches the whole path, anchored at the search root
    // (fd's full path starts at the folder's real path, the checked one).
    args.push("--full-path");
    pattern = `${escapeGlob(request.searchPath)}/${pattern.replace(/^\.\//, "")}`;
  }
  // An --ignore-file's rules are anchored at the folder fd runs in: relative paths then.
  const absolute = !ignoreFile && isInside(request.projectRoot, request.searchPath);
  args.push("--", pattern, ...(absolute ? [request.searchPath] : []));
  return { args, ignoreFile, absolute };
}

async function findInPinned(
  fdPath: string,
  noRequireGit: boolean,
  request: FindRequest,
  cwd: string,
): Promise<FindRun> {
  const { args, ignoreFile, absolute } = await fdCall(fdPath, noRequireGit, request, cwd);
  // Grouped by folder as fd prints, for the confirmation below.
  const grouped = groupByFolder();
  const searched = request.searchPath.endsWith("/") ? request.searchPath : `${request.searchPath}/`;
  const printed = printedNames(absolute ? searched : "./", grouped.add);
  let result: FdExit;
  const started = searchStarted();
  try {
    result = await runFd(fdPath, args, cwd, printed, { signal: request.signal });
    if (result.code !== 0 && printed.count === 0 && !request.signal?.aborted) {
      // Failed (a bad pattern, say): once more for its message.
      const again = { signal: request.signal, withStderr: true };
      result = await runFd(fdPath, args, cwd, printedNames(""), again);
    }
  } catch (error) {
    return { ok: false, kind: "failed", message: `Could not run fd: ${(error as Error).message}` };
  } finally {
    if (ignoreFile) rmSync(path.dirname(ignoreFile), { recursive: true, force: true });
  }
  if (request.signal?.aborted) return SEARCH_ABORTED;
  if (result.code !== 0 && printed.count === 0) {
    const message = result.stderr.trim() || `fd failed (exit code ${result.code})`;
    return {
      ok: false,
      kind: /glob|pattern/i.test(message) ? "invalid_pattern" : "failed",
      message,
    };
  }
  // fd walks the folders below the pinned one by name: its paths are confirmed inside.
  const from = absolute ? request.projectRoot : request.searchPath;
  const gone = pathsNotThere(request.searchPath, grouped, started, from);
  const sorted = printed.sorted();
  const kept = gone.size === 0 ? sorted : sorted.filter((relative) => !gone.has(relative));
  const paths =
    path.sep === "/" ? kept : kept.map((relative) => relative.split(path.sep).join("/"));
  // A name fd printed from inside a nested `.git` counts towards its --max-results.
  return { ok: true, paths, more: printed.count > request.limit };
}
