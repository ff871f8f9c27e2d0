import { matchesKey } from "@mariozechner/pi-tui";

/** What a key does before the editor sees it (HOTKEYS in contract.ts lists them for /hotkeys). */
export type ModeKey =
  | "ctrl-c"
  | "quit"
  | "abort"
  | "toggle-thinking"
  | "follow-up"
  | "toggle-plan-mode";

/**
 * The keys the mode takes from the editor: Ctrl+C (clear, abort, twice quit), Ctrl+D on
 * an empty input, Esc (unless it closes the completion list), Ctrl+T, Alt+Enter and
 * Shift+Tab.
 * Anything else is the editor's.
 */
export function modeKey(
  data: string,
  editor: { empty: boolean; completing: boolean },
): ModeKey | undefined {
  if (matchesKey(data, "ctrl+c")) return "ctrl-c";
  if (matchesKey(data, "ctrl+d") && editor.empty) return "quit";
  if (matchesKey(data, "escape") && !editor.completing) return "abort";
  if (matchesKey(data, "ctrl+t")) return "toggle-thinking";
  if (matchesKey(data, "alt+enter")) return "follow-up";
  if (matchesKey(data, "shift+tab")) return "toggle-plan-mode";
  return undefined;
}
