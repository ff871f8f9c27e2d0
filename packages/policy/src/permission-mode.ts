/**
 * The permission modes (README "Permissions"): how much runs without a question.
 *   ask           file changes, bash, MCP tools and web_fetch ask the first time
 *   accept-edits  edits and writes inside the project run; the rest of `ask` asks
 *   auto          nothing asks for the mode's sake (rules, guards and hooks still apply)
 *   plan          only reading tools until the user approves a plan
 * Claude Code's names are accepted too (`default` = ask, `acceptEdits` = accept-edits,
 * `bypassPermissions` = auto). Imports nothing: the apps' flag parser reads it before
 * the runtime loads (session-flags.ts).
 */
export const PERMISSION_MODES = ["ask", "accept-edits", "auto", "plan"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** Claude Code's `defaultMode` / `--permission-mode` names for ours. */
const CLAUDE_MODE_NAMES: Record<string, PermissionMode> = {
  default: "ask",
  acceptEdits: "accept-edits",
  bypassPermissions: "auto",
  plan: "plan",
};

/** The mode a name means (ours or Claude Code's), or undefined for an unknown name. */
export function parsePermissionMode(name: unknown): PermissionMode | undefined {
  if (typeof name !== "string") return undefined;
  if ((PERMISSION_MODES as readonly string[]).includes(name)) return name as PermissionMode;
  return Object.hasOwn(CLAUDE_MODE_NAMES, name) ? CLAUDE_MODE_NAMES[name] : undefined;
}

/** Every name `parsePermissionMode` reads, for an error message. */
export const PERMISSION_MODE_NAMES: readonly string[] = [
  ...PERMISSION_MODES,
  ...Object.keys(CLAUDE_MODE_NAMES).filter((name) => name !== "plan"),
];

/** The next mode of Shift+Tab's cycle. */
export function nextPermissionMode(mode: PermissionMode): PermissionMode {
  return PERMISSION_MODES[(PERMISSION_MODES.indexOf(mode) + 1) % PERMISSION_MODES.length]!;
}
