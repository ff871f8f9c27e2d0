import { type Step, stop } from "../core/step.js";
import type { ToolEnvironment } from "../environment.js";
import { fileSystemFailure } from "../fs/errors.js";
import { requireNotSpecial } from "../fs/file-kind.js";
import { pickEngine, type SearchEngineOptions } from "../search/engine.js";
import { grepWithNode } from "../search/grep-node.js";
import { grepWithRipgrep } from "../search/grep-rg.js";
import type { GrepLine, GrepRequest } from "../search/grep-types.js";
import { runFailure } from "./failures.js";

/** A finished search: its lines and counts, and whether the Node fallback ran it. */
export interface GrepResult {
  lines: GrepLine[];
  matchCount: number;
  limitReached: boolean;
  warnings: string[];
  fallback: boolean;
  /** Files with matches that a `Read(…)` deny rule hides, left out (tools/grep.ts). */
  hiddenFiles?: number;
}

/**
 * Runs the search with ripgrep when on PATH, else the Node fallback. The start is
 * checked first: rg skips FIFOs and devices in a folder, but opens one it is named —
 * and blocks.
 */
export async function runGrep(
  env: ToolEnvironment,
  engine: SearchEngineOptions,
  request: GrepRequest,
  display: string,
): Promise<Step<GrepResult>> {
  try {
    requireNotSpecial(await env.fs.stat(request.searchPath), request.searchPath);
  } catch (error) {
    return stop(fileSystemFailure(error, "search", display, display));
  }
  const picked = pickEngine(engine, "rg");
  let run: Awaited<ReturnType<typeof grepWithNode>>;
  try {
    run = picked.binary
      ? await grepWithRipgrep(picked.binary, request)
      : await grepWithNode(request);
  } catch (error) {
    return stop(fileSystemFailure(error, "search", display, display));
  }
  if (!run.ok) return stop(runFailure(run, request, display));
  return {
    ok: true,
    lines: run.lines,
    matchCount: run.matchCount,
    limitReached: run.limitReached,
    warnings: run.warnings,
    fallback: picked.binary === undefined,
  };
}
