import type { SessionHost } from "@gong/runtime";

/**
 * The seam between the interactive screen (editor, transcript, pickers) and the slash
 * commands: commands decide what happens, the screen decides how it looks.
 */

/** One choice in a picker. */
export interface PickItem<T> {
  value: T;
  /** Main text (may carry colour). */
  label: string;
  /** Dimmed text after the label. */
  detail?: string;
  /** What the search box matches; default: label and detail. */
  searchText?: string;
}

/** A key that ends the picker with a named action instead of Enter's "select". */
export interface PickAction {
  key: string;
  name: string;
  hint: string;
}

export interface PickOptions<T> {
  title: string;
  items: readonly PickItem<T>[];
  initialIndex?: number;
  actions?: readonly PickAction[];
  /**
   * A list that changes while it is open (/bashes: the shells and their output): after
   * each `subscribe` callback the items are read again and the picker is redrawn.
   */
  live?: {
    items: () => readonly PickItem<T>[];
    subscribe: (changed: () => void) => () => void;
  };
  /** Lines drawn under the list for the selected item (a shell's live tail). */
  preview?: (value: T, width: number) => readonly string[];
}

/** `undefined` when the user cancelled (Esc). */
export type PickResult<T> = { action: string; value: T } | undefined;

export interface InteractiveUi {
  /** One dim status line in the transcript ("model: openai/gpt-5"). */
  note(text: string): void;
  warn(text: string): void;
  error(text: string): void;
  /** A multi-line block in the transcript (session info, hotkeys, the tree). */
  block(title: string, lines: readonly string[]): void;
  /** A list with a search box; Enter gives action "select". */
  pick<T>(options: PickOptions<T>): Promise<PickResult<T>>;
  /** One line of input; `undefined` when cancelled. */
  ask(prompt: string, initial?: string): Promise<string | undefined>;
  /** Puts text into the editor (the prompt a /rewind took back). */
  setInput(text: string): void;
  /** Redraws the transcript from the current session (after /new, /resume, /tree, /fork). */
  replayTranscript(): void;
  /** Ends the interactive mode (exit code 0). */
  quit(): void;
  /** Columns available to blocks. */
  readonly width: number;
}

export interface SlashContext {
  host: SessionHost;
  ui: InteractiveUi;
  cwd: string;
}

export interface SlashCommand {
  /** Without the slash. */
  name: string;
  /** Shown after the name in completion and /hotkeys, e.g. "[instructions]". */
  args?: string;
  description: string;
  run(args: string, context: SlashContext): Promise<void>;
}

/** The keys of the interactive mode, as /hotkeys lists them. */
export const HOTKEYS: readonly { keys: string; action: string }[] = [
  { keys: "Enter", action: "send (while the agent works: steer it)" },
  { keys: "Alt+Enter", action: "queue a follow-up for when the agent is done" },
  { keys: "Shift+Enter / Ctrl+J", action: "new line" },
  { keys: "Esc", action: "abort the current run (its processes are stopped)" },
  { keys: "Ctrl+C", action: "clear the input (or abort the run); twice quits" },
  { keys: "Ctrl+D", action: "quit (on an empty input)" },
  { keys: "Up / Down", action: "prompt history" },
  { keys: "Tab", action: "complete a slash command or a file path" },
  {
    keys: "@",
    action: "attach a file: completes its path (respects .gitignore), sends its content",
  },
  { keys: "!command", action: "run a shell command, its output joins the context" },
  { keys: "Shift+Tab", action: "plan mode on or off (read only until a plan is approved)" },
  { keys: "Ctrl+T", action: "show or hide thinking" },
];
