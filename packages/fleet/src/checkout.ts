import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A repository that cannot be checked out: not worth a retry (BullMQ's UnrecoverableError). */
export class CheckoutError extends Error {}

// No credential prompt may hang a worker: a private repository without a helper fails.
const GIT_ENV = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "true" };

async function git(args: string[], cwd?: string): Promise<string> {
  const { stdout } = await run("git", args, {
    cwd,
    env: GIT_ENV,
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout;
}

function gitError(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return stderr || (error as Error).message;
}

/** A local path becomes a file:// URL, so `--depth` applies to it as to a remote. */
function cloneSource(repo: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(repo) || /^[^/]+@[^/]+:/.test(repo)) return repo;
  const absolute = path.resolve(repo);
  if (!existsSync(absolute)) {
    throw new CheckoutError(
      `repository ${repo} does not exist on this worker: give a git URL or a path to a git repository the worker can read`,
    );
  }
  return `file://${absolute}`;
}

/**
 * Clones `repo` at `ref` into `dir` (shallow; a commit id that `--branch` cannot name
 * falls back to a full clone and a checkout). Returns the commit checked out, which the
 * diff is taken against.
 */
export async function checkout(
  repo: string,
  ref: string | undefined,
  dir: string,
): Promise<string> {
  const source = cloneSource(repo);
  const shallow = [
    "clone",
    "--quiet",
    "--depth",
    "1",
    ...(ref ? ["--branch", ref] : []),
    source,
    dir,
  ];
  try {
    await git(shallow);
  } catch (error) {
    if (!ref) throw new CheckoutError(`cannot clone ${repo}: ${gitError(error)}`);
    try {
      await git(["clone", "--quiet", "--no-checkout", source, dir]);
      await git(["checkout", "--quiet", "--detach", ref], dir);
    } catch (second) {
      throw new CheckoutError(`cannot check out ${repo} at ${ref}: ${gitError(second)}`);
    }
  }
  return (await git(["rev-parse", "HEAD"], dir)).trim();
}

/** Everything changed since `base`, new files included (they are staged first). */
export async function diffSince(dir: string, base: string): Promise<string> {
  await git(["add", "--all"], dir);
  return git(["diff", "--cached", "--binary", base], dir);
}
