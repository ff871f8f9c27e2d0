import { createCodingTools, type ProcessGroups, resolveToolNames, type Tool } from "@gong/tools";
import type { Settings, ToolPresetName } from "../config/settings-types.js";

export interface BuildToolsOptions {
  cwd: string;
  /** Explicit names (`--tools`, settings `tools`); an empty list means no tools at all. */
  names: readonly string[] | undefined;
  /** Used when no names are given (`--preset`, settings `preset`; default `default`). */
  preset: ToolPresetName | undefined;
  /** Roots besides the project the tools may touch (`--allow-path` + settings). */
  allowedRoots: readonly string[];
  /** The tool-output folder, the same one the observation truncator spills to. */
  outputDir: string;
  /** Folders the read-only tools may open too: the folders of the skills in use. */
  readOnlyRoots: readonly string[];
  settings: Settings;
  /** The session's process groups: bash's background jobs end with the session. */
  processes: ProcessGroups;
}

export type BuildToolsResult = { ok: true; tools: Tool[] } | { ok: false; error: string };

/** The session's tool set: names win over the preset; a bad name is a usage error. */
export function buildTools(options: BuildToolsOptions): BuildToolsResult {
  if (options.names !== undefined && options.names.length === 0) return { ok: true, tools: [] };
  const selection = resolveToolNames(options.names ?? options.preset ?? "default");
  if (!selection.ok) return { ok: false, error: selection.error };
  return {
    ok: true,
    tools: createCodingTools({
      cwd: options.cwd,
      tools: selection.names,
      allowedRoots: options.allowedRoots,
      outputDir: options.outputDir,
      readOnlyRoots: options.readOnlyRoots,
      processes: options.processes,
      ...(options.settings.shellPath ? { shellPath: options.settings.shellPath } : {}),
      ...(options.settings.shellCommandPrefix
        ? { shellCommandPrefix: options.settings.shellCommandPrefix }
        : {}),
    }),
  };
}
