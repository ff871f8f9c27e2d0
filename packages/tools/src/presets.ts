/**
 * Tool presets and name validation (test/presets.test.ts): `default` is every
 * tool (ask_user only where the host can answer: see `createCodingTools`), `minimal`
 * read/write/edit/bash (bash without background shells: they need bash_output),
 * `readonly` read/grep/find/ls.
 */

export const TOOL_NAMES = [
  "read",
  "write",
  "edit",
  "bash",
  "bash_output",
  "kill_shell",
  "grep",
  "find",
  "ls",
  "todo_write",
  "web_fetch",
  "ask_user",
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const TOOL_PRESETS = {
  // Every tool; ask_user is dropped where no host can answer (createCodingTools).
  default: [...TOOL_NAMES],
  minimal: ["read", "write", "edit", "bash"],
  readonly: ["read", "grep", "find", "ls"],
} as const satisfies Record<string, readonly ToolName[]>;

export type ToolPreset = keyof typeof TOOL_PRESETS;

export type ToolNamesResult = { ok: true; names: ToolName[] } | { ok: false; error: string };

export function isToolPreset(value: string): value is ToolPreset {
  return Object.hasOwn(TOOL_PRESETS, value);
}

/** Checks a list of tool names: not empty, every name known, no duplicates kept. */
export function validateToolNames(
  names: readonly string[],
  known: readonly string[] = TOOL_NAMES,
): ToolNamesResult {
  if (names.length === 0) {
    return {
      ok: false,
      error: `The tool list is empty: choose at least one of ${known.join(", ")}.`,
    };
  }
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    return {
      ok: false,
      error: `Unknown tool name${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. Known tools: ${known.join(", ")}.`,
    };
  }
  return { ok: true, names: [...new Set(names)] as ToolName[] };
}

/**
 * A preset name (`"readonly"`) or a list of names (`["read", "grep"]`, or the CLI's
 * `"read,grep"`) → the validated tool names.
 */
export function resolveToolNames(presetOrNames: string | readonly string[]): ToolNamesResult {
  if (typeof presetOrNames === "string") {
    if (isToolPreset(presetOrNames)) return { ok: true, names: [...TOOL_PRESETS[presetOrNames]] };
    const names = presetOrNames
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    if (names.length === 1 && !TOOL_NAMES.includes(names[0] as ToolName)) {
      return {
        ok: false,
        error: `Unknown preset or tool: ${presetOrNames}. Presets: ${Object.keys(TOOL_PRESETS).join(", ")}; tools: ${TOOL_NAMES.join(", ")}.`,
      };
    }
    return validateToolNames(names);
  }
  return validateToolNames(presetOrNames);
}
