/**
 * The path policy (test/path-policy.test.ts; docs/architecture.md, "The tool envelope"): every path a tool touches is normalised, resolved
 * against the call's cwd, `realpath`-checked (symlinks included) and must land inside
 * an allowed root — the project root, the tool-output folder, or a root the user
 * added. Anything else is `ACCESS_DENIED` before a byte is read or written.
 *
 * Which roots are followed when they are symbolic links: the project root and the
 * roots the user named (`--allow-path`, settings `allowedPaths`) are the user's own
 * choice, so a link there is followed to where it leads. The tool-output folder is a
 * root Gong adds on its own; anyone who can write to the project can plant a link
 * there (`ln -s / .tool-output` used to make the whole disk readable and writable), so
 * it is never followed: it counts only as the real folder at its own place.
 */
import os from "node:os";
import path from "node:path";
import { expandHome, type ToolResponse, toPosixRelative } from "@gong/base";
import { linkedOutputDirMessage } from "@gong/truncate";
import { failure, type NextSteps } from "../core/envelope.js";
import { type FileOperations, localFileOperations } from "../fs/operations.js";
import { hiddenDenied, invalidPath, outsideDenied, readOnlyDenied } from "./denials.js";
import { isInside } from "./inside.js";
import { macosPathVariants, resolveInputPath } from "./normalize.js";
import type { HiddenPaths } from "./path-rules.js";

export interface PathPolicyOptions {
  /** Project root: `context.path_resolved` is relative to it. */
  root: string;
  /** Extra folders the tools may touch (`--allow-path`, settings `allowedPaths`). */
  allowedRoots?: readonly string[];
  /** The tool-output folder (bash logs, spilled output); always allowed. */
  outputDir?: string;
  /**
   * Folders read, grep, find and ls may open but write and edit may not: the folders of
   * the skills in use, whose resource files the model reads on demand (test/bad-input.test.ts "item 5"). Like
   * the tool-output folder they are added by Gong, not named by the user, so a folder
   * that is a symbolic link is not followed.
   */
  readOnlyRoots?: readonly string[];
  /** Home directory for `~` expansion (default: the OS's). */
  home?: string;
  /**
   * Paths `Read(…)` permissions.deny rules hide: every tool refuses them, and grep, find and
   * ls leave them out of what they list (`hidden`).
   */
  hidden?: HiddenPaths;
  fs?: FileOperations;
}

export interface ResolvedPath {
  ok: true;
  /** The path as resolved from the input (symlinks not followed). */
  absolute: string;
  /** Where it really lives (symlinks followed; for a new file, its parent's real path). */
  real: string;
  /** Project-relative POSIX path, or the absolute path when outside the project. */
  display: string;
  exists: boolean;
}

export interface DeniedPath {
  ok: false;
  response: ToolResponse;
}

export interface ResolveOptions {
  /** Try the macOS screenshot-name variants when the path does not exist (read only). */
  macosFallback?: boolean;
  /** `"read"` also allows the read-only roots; default `"write"` (fail closed). */
  access?: "read" | "write";
}

export interface PathPolicy {
  root: string;
  /** Absolute allowed roots (project root first). */
  roots: readonly string[];
  /**
   * Where the writable roots really are: the project and the user's roots with links
   * followed, the tool-output folder at its own place (never followed). The bash
   * sandbox binds these writable (sandbox/sandbox-roots.ts): one list for both.
   */
  writableRoots(): Promise<readonly string[]>;
  resolve(input: string, cwd: string, options?: ResolveOptions): Promise<ResolvedPath | DeniedPath>;
  /** Project-relative POSIX path for display, absolute when outside the project. */
  display(absolute: string): string;
  /**
   * The rule hiding an absolute path from the tools, or undefined (path-rules.ts);
   * undefined itself when no rule hides anything (a listing then skips the check).
   */
  readonly hidden: HiddenPaths | undefined;
}

async function exists(fs: FileOperations, file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}

/** Real path of `file`, or of its nearest existing ancestor plus the missing tail. */
async function realpathLenient(fs: FileOperations, file: string): Promise<string> {
  const missing: string[] = [];
  let current = file;
  for (;;) {
    try {
      const real = await fs.realpath(current);
      return missing.length === 0 ? real : path.join(real, ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return file;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * Where a root Gong adds on its own really is, without following the root itself: the
 * real path of the project (when the folder is inside it) or of its parent, plus the
 * folder's own path from there. A link planted at the folder, or below the project on
 * the way to it, then leads nowhere the policy allows.
 */
async function ownedRootReal(fs: FileOperations, project: string, dir: string): Promise<string> {
  const anchor = isInside(project, dir) ? project : path.dirname(dir);
  return path.join(await realpathLenient(fs, anchor), path.relative(anchor, dir));
}

/**
 * The refusal text when `dir` is a symbolic link, else undefined. It only words a
 * denial that stands anyway, so a failing lstat falls back to the general text.
 */
async function linkedFolderProblem(fs: FileOperations, dir: string): Promise<string | undefined> {
  try {
    if (!(await fs.lstat(dir)).isSymbolicLink()) return undefined;
    return linkedOutputDirMessage(dir, await fs.realpath(dir).catch(() => "a missing target"));
  } catch {
    return undefined;
  }
}

/**
 * The path as typed if it exists; else, when asked (read), the first macOS
 * screenshot-name variant that does; else the path as typed.
 */
async function locate(
  fs: FileOperations,
  typed: string,
  macosFallback: boolean | undefined,
): Promise<{ absolute: string; found: boolean }> {
  if (await exists(fs, typed)) return { absolute: typed, found: true };
  if (macosFallback) {
    for (const variant of macosPathVariants(typed)) {
      if (await exists(fs, variant)) return { absolute: variant, found: true };
    }
  }
  return { absolute: typed, found: false };
}

export function createPathPolicy(options: PathPolicyOptions): PathPolicy {
  const fs = options.fs ?? localFileOperations;
  const root = path.resolve(options.root);
  const home = options.home ?? os.homedir();
  const outputDir = options.outputDir ? path.resolve(root, options.outputDir) : undefined;
  const userRoots = (options.allowedRoots ?? []).map((extra) => {
    const expanded = expandHome(extra, { home });
    // A root that cannot be expanded is a configuration error, like an unknown tool
    // name: refusing to build beats granting a guess (runtime warns and drops it first).
    if (!expanded.ok) throw new Error(`allowedRoots: ${expanded.error}`);
    return path.resolve(root, expanded.path);
  });
  const roots = [root, ...(outputDir ? [outputDir] : []), ...userRoots];
  const readOnlyRoots = (options.readOnlyRoots ?? []).map((dir) => path.resolve(root, dir));
  let realRoots: Promise<{ writable: string[]; readOnly: string[] }> | undefined;
  const getRealRoots = () => {
    realRoots ??= (async () => ({
      writable: await Promise.all([
        realpathLenient(fs, root),
        ...(outputDir ? [ownedRootReal(fs, root, outputDir)] : []),
        ...userRoots.map((entry) => realpathLenient(fs, entry)),
      ]),
      readOnly: await Promise.all(readOnlyRoots.map((dir) => ownedRootReal(fs, root, dir))),
    }))();
    return realRoots;
  };

  const display = (absolute: string) =>
    isInside(root, absolute) ? toPosixRelative(root, absolute) : absolute.split(path.sep).join("/");

  return {
    root,
    roots,
    display,
    get hidden() {
      return options.hidden;
    },
    writableRoots: async () => (await getRealRoots()).writable,
    async resolve(input, cwd, resolveOptions = {}) {
      const typed = resolveInputPath(input, cwd, home);
      if (!typed.ok) return { ok: false, response: invalidPath(input, cwd, typed.error) };
      const { absolute, found } = await locate(fs, typed.path, resolveOptions.macosFallback);
      const real = await realpathLenient(fs, absolute);
      const { writable, readOnly } = await getRealRoots();
      const inReadOnly = readOnly.some((entry) => isInside(entry, real));
      const allowed =
        writable.some((entry) => isInside(entry, real)) ||
        (inReadOnly && resolveOptions.access === "read");
      if (!allowed && inReadOnly) {
        return { ok: false, response: readOnlyDenied(input, root, readOnlyRoots) };
      }
      if (!allowed) {
        const linked =
          outputDir && isInside(outputDir, absolute)
            ? await linkedFolderProblem(fs, outputDir)
            : undefined;
        const denied = { input, absolute, real, linked };
        return { ok: false, response: outsideDenied(denied, root, roots) };
      }
      const hiddenBy = options.hidden?.(absolute) ?? options.hidden?.(real);
      if (hiddenBy !== undefined) return { ok: false, response: hiddenDenied(input, hiddenBy) };
      return { ok: true, absolute, real, display: display(absolute), exists: found };
    },
  };
}

/** How a tool words a path that does not exist. */
interface MissingPath {
  /** "File" for read/edit, "Path" for the folder-or-file searches. */
  noun: "File" | "Path";
  /** The tool's next steps, given the displayed path. */
  next: (display: string) => NextSteps;
}

/**
 * `policy.resolve` for a path that must already exist: a denied path comes back as the
 * policy's response, a missing one as NOT_FOUND in the tool's own words.
 */
export async function resolveExisting(
  policy: PathPolicy,
  input: string,
  cwd: string,
  missing: MissingPath,
  options?: ResolveOptions,
): Promise<ResolvedPath | DeniedPath> {
  const resolved = await policy.resolve(input, cwd, options);
  if (!resolved.ok || resolved.exists) return resolved;
  const { display } = resolved;
  return {
    ok: false,
    response: failure("NOT_FOUND", `${missing.noun} not found: ${display}`, {
      pathResolved: display,
      next: missing.next(display),
    }),
  };
}

/**
 * The folder (or file) a search or listing starts from — `path`, default the cwd — for
 * reading. grep, find and ls share the rule and the NOT_FOUND next step.
 */
export function resolveSearchStart(
  policy: PathPolicy,
  input: string | undefined,
  cwd: string,
  nextStep = 'ls(path=".") to see what exists.',
): Promise<ResolvedPath | DeniedPath> {
  return resolveExisting(
    policy,
    input ?? ".",
    cwd,
    { noun: "Path", next: () => [nextStep] },
    { access: "read" },
  );
}
