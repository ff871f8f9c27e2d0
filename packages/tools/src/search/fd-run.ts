/**
 * fd as a child process and what it prints (`--print0`: a name may hold a newline, issue
 * 21.18). The names are cut and sorted a chunk at a time while fd still walks, so what
 * is left after it exits is a merge of sorted runs (~1 ms for 12 500 names, where one
 * sort of them all took ~4).
 */
import { spawn } from "node:child_process";
import { isGitEntry } from "./git-entries.js";

export interface PrintedNames {
  push(chunk: string): void;
  /** Every name so far, sorted (code-unit order). */
  sorted(): string[];
  /** How many names fd printed, the left-out ones included. */
  readonly count: number;
}

const RUN_LENGTH = 1024;

/**
 * Names relative to the folder searched: without `prefix` (the searched path and a `/`,
 * or fd's `./`), and without what is in a `.git` fd was not told to leave out; each is
 * also handed to `onName` as it comes.
 */
export function printedNames(
  prefix: string,
  onName: (name: string) => void = () => {},
): PrintedNames {
  const runs: string[][] = [];
  let run: string[] = [];
  let rest = "";
  let count = 0;
  const take = (parts: readonly string[]) => {
    for (const part of parts) {
      if (!part) continue;
      count++;
      const name = part.startsWith(prefix) ? part.slice(prefix.length) : part;
      if (isGitEntry(name)) continue;
      run.push(name);
      onName(name);
    }
    // Runs of a thousand or more: a pipe read can be a few dozen names, and the final
    // sort of many short runs costs as much as sorting them all at once.
    if (run.length >= RUN_LENGTH) {
      runs.push(run.sort());
      run = [];
    }
  };
  return {
    push(chunk) {
      const parts = (rest + chunk).split("\0");
      rest = parts.pop() ?? "";
      take(parts);
    },
    sorted() {
      if (rest) take([rest]);
      rest = "";
      if (run.length > 0) runs.push(run.sort());
      run = [];
      // concat, not flat(): V8's flat() took 2.4 ms for 12 500 names, concat a copy.
      return runs.length === 1 ? runs[0]! : ([] as string[]).concat(...runs).sort();
    },
    get count() {
      return count;
    },
  };
}

export interface FdExit {
  code: number | null;
  /** What fd wrote to stderr, when `withStderr` asked for it. */
  stderr: string;
}

/**
 * Runs fd in `cwd` (the pinned search folder), handing what it prints to `names`. Its
 * stderr is read only `withStderr` (a second pipe costs ~0.6 ms a call; the message
 * matters only when fd failed, and is then read by running it again).
 */
export function runFd(
  fdPath: string,
  args: string[],
  cwd: string,
  names: PrintedNames,
  options: { signal?: AbortSignal; withStderr?: boolean } = {},
): Promise<FdExit> {
  const { signal, withStderr = false } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return resolve({ code: null, stderr: "aborted" });
    const child = spawn(fdPath, args, {
      cwd,
      stdio: ["ignore", "pipe", withStderr ? "pipe" : "ignore"],
    });
    // Piped, as asked: the conditional stdio list only loses the typing.
    const stdout = child.stdout!;
    let stderr = "";
    // Aborted: answer at once instead of waiting for the pipes to close.
    const onAbort = () => {
      child.kill("SIGKILL");
      stdout.destroy();
      child.stderr?.destroy();
      resolve({ code: null, stderr: "aborted" });
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    stdout.setEncoding("utf8").on("data", (chunk: string) => names.push(chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => {
      signal?.removeEventListener("abort", onAbort);
      resolve({ code, stderr });
    });
  });
}
