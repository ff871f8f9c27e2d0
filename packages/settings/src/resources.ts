import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { type ContextFile, capContextText } from "@gong/agent-core";
import { homeDir } from "@gong/base";
import {
  ancestorsFromRoot,
  CONTEXT_FILE_NAMES,
  hookFolders,
  type ImportRules,
  projectConfigDir,
  readRegularFile,
  realOrSelf,
  resolveImports,
  skillFolders,
} from "@gong/config-files";
import { DEFAULT_MAX_BYTES } from "@gong/truncate";

/** A context file (AGENTS.md or CLAUDE.md): agent-core's `ContextFile`, found on disk here. */
export type { ContextFile };

export interface Resources {
  /** Global first, then from the filesystem root down to the cwd (most specific last). */
  contextFiles: ContextFile[];
  /** `SYSTEM.md` replaces the built-in system prompt (project over global). */
  systemPrompt?: { path: string; content: string };
  /** `APPEND_SYSTEM.md` is appended to the system prompt (project over global). */
  appendSystemPrompt?: { path: string; content: string };
  /** Existing skills folders, lowest precedence first (`skillFolders`). */
  skillDirs: string[];
  /** The user's in-process hook modules (`*.js`, `*.mjs`) in `<home>/hooks`. */
  hookFiles: string[];
  /** The project's hook modules in `<project>/.gong/hooks`: they load only in a trusted folder. */
  projectHookFiles: string[];
  /** Files skipped (a FIFO, a symlink loop…) or cut to the context limit, one line each. */
  warnings: string[];
}

export interface DiscoverResourcesOptions {
  cwd: string;
  gongHome: string;
  /** The user's home, for Claude Code's `~/.claude/skills` and `~` in imports (default: `$HOME`). */
  home?: string;
  /** Folders besides the project and the gong home that `@path` imports may read (allowedPaths). */
  importRoots?: readonly string[];
}

/**
 * Finds everything on disk that shapes the agent for this cwd. Pure reads, no caching:
 * it is cheap (a handful of stats per ancestor), so callers re-run it before each turn
 * to pick up files edited while the session is open.
 */
export function discoverResources(options: DiscoverResourcesOptions): Resources {
  const cwd = path.resolve(options.cwd);
  const projectDir = projectConfigDir(cwd);
  const contextFiles: ContextFile[] = [];
  const warnings: string[] = [];
  const read = (file: string) => readContextFile(file, warnings);
  const seen = new Set<string>();
  const imports: ImportRules = {
    roots: [cwd, options.gongHome, ...(options.importRoots ?? [])],
    home: options.home ?? homeDir(process.env),
    read,
    warnings,
  };
  const addContextFileFrom = (dir: string) => {
    for (const name of CONTEXT_FILE_NAMES) {
      const file = path.join(dir, name);
      const content = read(file);
      if (content === undefined) continue;
      const real = realOrSelf(file);
      if (!seen.has(real)) {
        seen.add(real);
        contextFiles.push({ path: file, content });
        // Its `@path` imports follow it (@gong/config-files memory-imports.ts).
        contextFiles.push(...resolveImports(file, content, imports, seen));
      }
      return;
    }
  };

  addContextFileFrom(options.gongHome);
  for (const dir of ancestorsFromRoot(cwd)) addContextFileFrom(dir);

  return {
    contextFiles,
    systemPrompt: firstFile(
      [path.join(projectDir, "SYSTEM.md"), path.join(options.gongHome, "SYSTEM.md")],
      read,
    ),
    appendSystemPrompt: firstFile(
      [path.join(projectDir, "APPEND_SYSTEM.md"), path.join(options.gongHome, "APPEND_SYSTEM.md")],
      read,
    ),
    skillDirs: skillFolders(options).filter(isDirectory),
    hookFiles: listHookModules(hookFolders(options).user, warnings),
    // In the folder above the gong home, `.gong` *is* the gong home: its hooks are the
    // user's own, listed once.
    projectHookFiles:
      path.resolve(projectDir) === path.resolve(options.gongHome)
        ? []
        : listHookModules(hookFolders(options).project, warnings),
    warnings,
  };
}

/**
 * The context file of one folder — its AGENTS.md, else its CLAUDE.md — capped like the
 * others, or undefined. For a subfolder's file, read when the agent first reads a file
 * under it (session/subfolder-context.ts).
 */
export function contextFileIn(dir: string, warnings: string[]): ContextFile | undefined {
  for (const name of CONTEXT_FILE_NAMES) {
    const file = path.join(dir, name);
    const content = readContextFile(file, warnings);
    if (content !== undefined) return { path: file, content };
  }
  return undefined;
}

function firstFile(
  candidates: string[],
  read: (file: string) => string | undefined,
): { path: string; content: string } | undefined {
  for (const file of candidates) {
    const content = read(file);
    if (content !== undefined) return { path: file, content };
  }
  return undefined;
}

/**
 * A context file's text for the system prompt, capped like any text that enters the
 * context (2000 lines / 50 KB): a 50 MB AGENTS.md would otherwise go out with every
 * request. Only a little more than the cap is read. Undefined when there is none.
 */
function readContextFile(file: string, warnings: string[]): string | undefined {
  const read = readRegularFile(file, 4 * DEFAULT_MAX_BYTES);
  if (read.kind === "missing") return undefined;
  if (read.kind === "skipped") {
    warnings.push(read.warning);
    return undefined;
  }
  const capped = capContextText(read.content, file, { path: file, totalBytes: read.size });
  if (capped.warning) warnings.push(capped.warning);
  return capped.text;
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function listHookModules(dir: string, warnings: string[]): string[] {
  if (!isDirectory(dir)) return [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    warnings.push(
      `cannot read ${dir} (${(error as Error).message.split(", ")[0]}); its hooks were skipped`,
    );
    return [];
  }
  return names
    .filter((name) => name.endsWith(".js") || name.endsWith(".mjs"))
    .sort()
    .map((name) => path.join(dir, name));
}
