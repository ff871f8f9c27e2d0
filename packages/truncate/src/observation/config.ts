import { realpathSync } from "node:fs";
import path from "node:path";
import { homeDir, isPathWithin } from "@gong/base";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_LINES } from "../limits.js";
import { MAX_FILE_BYTES_ENV } from "./file-cap.js";

export type TruncationDirection = "head" | "tail";

export interface ObservationTruncatorOptions {
  /** The project root; the spill folder and the paths in notices are relative to it. */
  rootDir: string;
  /** Spill folder, absolute or relative to `rootDir` (default `.tool-output`). */
  outputDir?: string;
  maxLines?: number;
  maxBytes?: number;
  /** Default direction; a call may override it (bash uses `tail`). */
  direction?: TruncationDirection;
  /**
   * The most bytes of one spill file or bash log; over it the file keeps its head and
   * tail (default 64 MB).
   */
  maxFileBytes?: number;
  /** Spilled files older than this are deleted (default 7). */
  retentionDays?: number;
  /** Word the hint for an agent that has a subagent (`Task`) tool (test/observation.test.ts). */
  hasTaskTool?: boolean;
}

export interface ObservationTruncatorConfig {
  rootDir: string;
  /** Absolute. */
  outputDir: string;
  maxLines: number;
  maxBytes: number;
  direction: TruncationDirection;
  maxFileBytes: number;
  retentionDays: number;
  hasTaskTool: boolean;
}

export type ConfigResult =
  | { ok: true; config: ObservationTruncatorConfig }
  | { ok: false; error: string };

type Env = Record<string, string | undefined>;

const positiveInteger = (value: number) => Number.isInteger(value) && value > 0;
const positiveNumber = (value: number) => Number.isFinite(value) && value > 0;

/**
 * The spill folder for a project: `TOOL_OUTPUT_DIR` (absolute, or relative to the
 * project), else `<project>/.tool-output`. One rule for the truncator and for the
 * tools (bash's full logs, the folder the path policy lets the model read). A
 * `TOOL_OUTPUT_DIR` that `refusedOutputDir` refuses is not used.
 */
export function resolveOutputDir(rootDir: string, env: Env = process.env): string {
  const fallback = path.resolve(rootDir, ".tool-output");
  const wanted = env.TOOL_OUTPUT_DIR?.trim();
  if (!wanted || refusedOutputDir(rootDir, env)) return fallback;
  return path.resolve(rootDir, wanted);
}

/**
 * Why `TOOL_OUTPUT_DIR` is not used, as one warning line, or undefined. The tools may
 * read and write the spill folder, so `/`, the home folder, the project or a folder
 * above it would open everything in it to them: refused, the default is used instead.
 */
export function refusedOutputDir(rootDir: string, env: Env = process.env): string | undefined {
  const wanted = env.TOOL_OUTPUT_DIR?.trim();
  if (!wanted) return undefined;
  const dir = realOrResolved(path.resolve(rootDir, wanted));
  const root = realOrResolved(path.resolve(rootDir));
  const home = realOrResolved(homeDir(env));
  const what =
    dir === path.parse(dir).root
      ? "the root folder"
      : dir === home
        ? "your home folder"
        : isPathWithin(dir, root)
          ? "the project or a folder above it"
          : isPathWithin(dir, home)
            ? "a folder above your home folder"
            : undefined;
  if (!what) return undefined;
  const fallback = path.resolve(rootDir, ".tool-output");
  return `TOOL_OUTPUT_DIR=${wanted} was refused: it would let the tools read and write everything in it (${what}); using ${fallback}`;
}

/** The real path when the folder exists (a symlink to `/` is `/`), else the resolved one. */
function realOrResolved(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

/**
 * Builds the truncator's configuration: explicit options win over the `TOOL_OUTPUT_*`
 * environment (test/observation.test.ts, configuration from the environment), which wins over the defaults. An invalid value is an
 * error naming the variable, never a NaN limit.
 */
export function resolveObservationConfig(
  options: ObservationTruncatorOptions,
  env: Env = process.env,
): ConfigResult {
  const errors: string[] = [];
  const fromEnv = (name: string, valid: (n: number) => boolean, expected: string) => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!valid(value)) {
      errors.push(`${name} must be ${expected}, got "${raw}"`);
      return undefined;
    }
    return value;
  };
  const checkOption = (name: string, value: number | undefined, valid: (n: number) => boolean) => {
    if (value !== undefined && !valid(value)) errors.push(`${name} must be positive, got ${value}`);
    return value;
  };

  const maxLines =
    checkOption("maxLines", options.maxLines, positiveInteger) ??
    fromEnv("TOOL_OUTPUT_MAX_LINES", positiveInteger, "a positive integer");
  const maxBytes =
    checkOption("maxBytes", options.maxBytes, positiveInteger) ??
    fromEnv("TOOL_OUTPUT_MAX_BYTES", positiveInteger, "a positive integer");
  const maxFileBytes =
    checkOption("maxFileBytes", options.maxFileBytes, positiveInteger) ??
    fromEnv(MAX_FILE_BYTES_ENV, positiveInteger, "a positive integer");
  const retentionDays =
    checkOption("retentionDays", options.retentionDays, positiveNumber) ??
    fromEnv("TOOL_OUTPUT_RETENTION_DAYS", positiveNumber, "a positive number of days");

  let direction = options.direction;
  const rawDirection = env.TOOL_OUTPUT_TRUNCATE_DIRECTION?.trim();
  if (direction === undefined && rawDirection) {
    if (rawDirection === "head" || rawDirection === "tail") direction = rawDirection;
    else
      errors.push(`TOOL_OUTPUT_TRUNCATE_DIRECTION must be "head" or "tail", got "${rawDirection}"`);
  }

  if (errors.length > 0)
    return { ok: false, error: `Invalid tool output settings: ${errors.join("; ")}` };

  const rootDir = path.resolve(options.rootDir);
  return {
    ok: true,
    config: {
      rootDir,
      outputDir: options.outputDir
        ? path.resolve(rootDir, options.outputDir)
        : resolveOutputDir(rootDir, env),
      maxLines: maxLines ?? DEFAULT_MAX_LINES,
      maxBytes: maxBytes ?? DEFAULT_MAX_BYTES,
      direction: direction ?? "head",
      maxFileBytes: maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
      retentionDays: retentionDays ?? 7,
      hasTaskTool: options.hasTaskTool ?? false,
    },
  };
}
