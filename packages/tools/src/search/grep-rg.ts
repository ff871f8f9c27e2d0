/**
 * grep through ripgrep (test/grep.test.ts): `rg --json`, parsed event by event as it streams
 * (long lines in bounded memory: rg-json-stream.ts), rg killed as soon as one match
 * more than the limit has been seen. rg runs in the pinned search folder
 * (search/search-root.ts), and its paths are mapped back to real ones.
 */

import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { confirmLines, confirmWarnings, searchStarted } from "./confirm-reported.js";
import { SEARCH_ABORTED } from "./engine.js";
import { type GitPlace, gitPlace, isGitEntryBelow } from "./git-entries.js";
import type { GrepLine, GrepRequest, GrepRun } from "./grep-types.js";
import { type RgEvent, RgJsonStream, type RgText } from "./rg-json-stream.js";
import { openSearchRoot, type SearchRoot } from "./search-root.js";

function decode(value: RgText | undefined): string {
  if (!value) return "";
  if (value.text !== undefined) return value.text;
  return value.bytes ? Buffer.from(value.bytes, "base64").toString("utf8") : "";
}

/** rg's arguments; `target` is what it searches (search-root.ts). */
export function rgArguments(request: GrepRequest, target: string, place: GitPlace): string[] {
  const args = ["--json", "--line-number", "--color=never", "--hidden"];
  if (!place.inRepository) args.push("--no-require-git");
  if (request.ignoreCase) args.push("--ignore-case");
  if (request.literal) args.push("--fixed-strings");
  if (request.context > 0) args.push("--context", String(request.context));
  if (request.glob) args.push("--glob", request.glob);
  // Later globs win in rg: this one keeps .git out even next to a user glob.
  if (place.holdsGit) args.push("--glob", "!.git");
  args.push("--", request.pattern, target);
  return args;
}

/**
 * Throws `PathChangedError` when the search path is no longer the checked one (the
 * tool answers ACCESS_DENIED).
 */
export async function grepWithRipgrep(rgPath: string, request: GrepRequest): Promise<GrepRun> {
  if (request.signal?.aborted) return SEARCH_ABORTED;
  const isFile = !statSync(request.searchPath).isDirectory();
  const root = await openSearchRoot(request.searchPath, isFile, request.projectRoot);
  try {
    const started = searchStarted();
    // A file is read from stdin: no rule about `.git` is needed for it.
    const place = isFile
      ? { ...gitPlace(path.dirname(request.searchPath)), holdsGit: false }
      : gitPlace(request.searchPath);
    const run = await runRipgrep(rgPath, request, root, place);
    root.verify();
    if (!run.ok && run.kind === "failed") {
      const lines = run.message.split("\n");
      const message = confirmWarnings(root.trustedFrom, lines, started, root.toReal).join("\n");
      return { ...run, message };
    }
    if (!run.ok) return run;
    // rg walks the folders below the pinned one by name: its lines are confirmed inside.
    const outsideGit = run.lines.filter((line) => !isGitEntryBelow(request.searchPath, line.file));
    const lines = await confirmLines(root.trustedFrom, outsideGit, started);
    const warnings = confirmWarnings(root.trustedFrom, run.warnings, started, root.toReal);
    const matches = (list: readonly GrepLine[]) =>
      list.filter((line) => line.kind === "match").length;
    const matchCount = run.matchCount - matches(run.lines) + matches(lines);
    return { ...run, lines, matchCount, warnings };
  } finally {
    await root.close();
  }
}

/**
 * What rg's exit means when it was not stopped early: exit 2 is an error, and with
 * "regex parse error" it is the model's pattern, not the engine; with matches it is a
 * warning beside them (an unreadable file, say).
 */
function exitRun(
  code: number | null,
  stderr: string,
  found: { lines: GrepLine[]; matchCount: number; limitReached: boolean },
): GrepRun {
  if (
    !found.limitReached &&
    code === 2 &&
    /regex parse error|error parsing|unclosed|unopened/i.test(stderr)
  ) {
    return { ok: false, kind: "invalid_pattern", message: stderr.trim() };
  }
  if (!found.limitReached && code === 2 && found.matchCount === 0) {
    return { ok: false, kind: "failed", message: stderr.trim() || "ripgrep failed (exit code 2)" };
  }
  const warnings = code === 2 && stderr.trim() ? [stderr.trim().split("\n")[0]!] : [];
  return { ok: true, ...found, warnings };
}

function runRipgrep(
  rgPath: string,
  request: GrepRequest,
  root: SearchRoot,
  place: GitPlace,
): Promise<GrepRun> {
  return new Promise((resolve) => {
    const child = spawn(rgPath, rgArguments(request, root.target, place), {
      cwd: root.cwd,
      stdio: [root.stdin, "pipe", "pipe"],
    });
    // Piped, as asked: the stdin descriptor in the stdio list only loses the typing.
    const stdout = child.stdout!;
    const errors = child.stderr!;
    const lines: GrepLine[] = [];
    let matchCount = 0;
    let limitReached = false;
    let stderr = "";
    let settled = false;
    const finish = (run: GrepRun) => {
      if (settled) return;
      settled = true;
      request.signal?.removeEventListener("abort", onAbort);
      resolve(run);
    };
    // Killed (abort, limit): answer at once and stop reading. Waiting for the pipes to
    // close could wait forever if something rg started still held them.
    const stop = () => {
      child.kill("SIGKILL");
      stdout.destroy();
      errors.destroy();
    };
    const onAbort = () => {
      stop();
      finish(SEARCH_ABORTED);
    };
    request.signal?.addEventListener("abort", onAbort, { once: true });
    errors.on("data", (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString("utf8");
    });
    const events = new RgJsonStream((event: RgEvent) => {
      if (limitReached) return;
      if (event.type !== "match" && event.type !== "context") return;
      if (event.type === "match") {
        if (matchCount >= request.limit) {
          limitReached = true;
          stop();
          finish({ ok: true, lines, matchCount, limitReached, warnings: [] });
          return;
        }
        matchCount++;
      }
      const text = decode(event.data?.lines).replace(/\r?\n$/, "");
      lines.push({
        file: root.toReal(decode(event.data?.path)),
        line: event.data?.line_number ?? 0,
        text,
        kind: event.type === "match" ? "match" : "context",
        ...(event.headOnly ? { headOnly: true as const } : {}),
      });
    });
    stdout.on("data", (chunk: Buffer) => events.push(chunk));
    stdout.once("end", () => events.end());
    child.once("error", (error) => {
      finish({ ok: false, kind: "failed", message: `Could not run ripgrep: ${error.message}` });
    });
    child.once("close", (code) => {
      finish(exitRun(code, stderr, { lines, matchCount, limitReached }));
    });
  });
}
