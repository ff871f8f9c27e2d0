/**
 * find through fd (test/find.test.ts): glob mode, hidden files, `.git` excluded, at most
 * limit+1 results (one more than shown tells us there are more). fd before 8.7 honours
 * .gitignore only inside a git repository, so outside one the .gitignore files' rules
 * are passed with one --ignore-file, each rewritten to hold only in its own folder.
 * fd runs in the pinned search folder (fs/pinned-dir.ts), searching where it runs.
 */

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pinDirectory } from "../fs/pinned-dir.js";
import { confirmPaths, searchStarted } from "./confirm-reported.js";
import { SEARCH_ABORTED } from "./engine.js";
import type { FindRequest, FindRun } from "./find-types.js";
import { escapeGlob } from "./glob-escape.js";
import { searchRootIgnoreRules } from "./nested-gitignore.js";

function insideGitRepository(dir: string): boolean {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, ".git"))) return true;
    if (path.dirname(current) === current) return false;
  }
}

/** Runs fd in `cwd` (the pinned search folder: it searches there, no path argument). */
function runFd(
  fdPath: string,
  args: string[],
  cwd: string,
  signal?: AbortSignal,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return resolve({ code: null, stdout: "", stderr: "aborted" });
    const child = spawn(fdPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    // Aborted: answer at once instead of waiting for the pipes to close.
    const onAbort = () => {
      child.kill("SIGKILL");
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ code: null, stdout: "", stderr: "aborted" });
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => {
      signal?.removeEventListener("abort", onAbort);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * The names fd printed (`--print0`: a name may hold a newline, issue 21.18), relative
 * to the folder it ran in, without fd's `./` prefix.
 */
function printedPaths(stdout: string): string[] {
  return stdout
    .split("\0")
    .filter(Boolean)
    .map((line) => (line.startsWith("./") ? line.slice(2) : line));
}

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

async function findInPinned(
  fdPath: string,
  noRequireGit: boolean,
  request: FindRequest,
  cwd: string,
): Promise<FindRun> {
  const base = ["--glob", "--color=never", "--hidden", "--print0", "--exclude", ".git"];
  const args = [...base, "--max-results", String(request.limit + 1)];
  let ignoreFile: string | undefined;
  if (noRequireGit) {
    args.push("--no-require-git");
  } else if (!insideGitRepository(request.searchPath)) {
    const listed = await runFd(
      fdPath,
      [...base, "--no-ignore", "--type", "f", "--", ".gitignore"],
      cwd,
      request.signal,
    );
    const rules = printedPaths(listed.stdout).flatMap((file) => searchRootIgnoreRules(cwd, file));
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
    // (fd's full path starts at its working folder's real path, the checked one).
    args.push("--full-path");
    pattern = `${escapeGlob(request.searchPath)}/${pattern.replace(/^\.\//, "")}`;
  }
  args.push("--", pattern);
  let result: Awaited<ReturnType<typeof runFd>>;
  const started = searchStarted();
  try {
    result = await runFd(fdPath, args, cwd, request.signal);
  } catch (error) {
    return { ok: false, kind: "failed", message: `Could not run fd: ${(error as Error).message}` };
  } finally {
    if (ignoreFile) rmSync(path.dirname(ignoreFile), { recursive: true, force: true });
  }
  if (request.signal?.aborted) return SEARCH_ABORTED;
  if (result.code !== 0 && result.stdout.length === 0) {
    const message = result.stderr.trim() || `fd failed (exit code ${result.code})`;
    return {
      ok: false,
      kind: /glob|pattern/i.test(message) ? "invalid_pattern" : "failed",
      message,
    };
  }
  // fd walks the folders below the pinned one by name: its paths are confirmed inside.
  const paths = confirmPaths(request.searchPath, printedPaths(result.stdout), started).map(
    (relative) => (path.sep === "/" ? relative : relative.split(path.sep).join("/")),
  );
  return { ok: true, paths, more: paths.length > request.limit };
}
