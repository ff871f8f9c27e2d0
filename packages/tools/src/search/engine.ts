/**
 * Which engine grep and find use: rg / fd from PATH, unless the caller forces the Node
 * fallback (tests, restricted hosts) or names the binaries.
 */
import { OPERATION_ABORTED } from "../core/envelope.js";
import { detectSearchBinaries } from "./binaries.js";

/** A search stopped by its abort signal (grep and find, either engine). */
export const SEARCH_ABORTED = { ok: false, kind: "aborted", message: OPERATION_ABORTED } as const;

export interface SearchEngineOptions {
  /** `"auto"` (default): rg/fd when on PATH; `"node"`: always the pure-Node fallback. */
  mode?: "auto" | "node";
  /** PATH to look on (default `process.env.PATH`). */
  envPath?: string;
  rgPath?: string;
  fdPath?: string;
}

export function pickEngine(
  options: SearchEngineOptions,
  tool: "rg" | "fd",
): { binary?: string; fdNoRequireGit: boolean } {
  if (options.mode === "node") return { fdNoRequireGit: false };
  const found = detectSearchBinaries(options.envPath);
  if (tool === "rg") return { binary: options.rgPath ?? found.rg, fdNoRequireGit: false };
  return {
    binary: options.fdPath ?? found.fd,
    fdNoRequireGit: options.fdPath ? false : found.fdNoRequireGit,
  };
}
