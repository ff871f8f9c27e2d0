import { spawn as spawnNodePty } from "@lydell/node-pty";
import xterm from "@xterm/headless";
import { HANG_GUARD_MS } from "./hang-guard.js";

/**
 * A program in a pseudo-terminal whose output drives a headless xterm, so a test reads
 * the screen a user would see (after cursor moves, erases and wrapping), not the bytes.
 */

/** What the keys send in a terminal in its default (non-kitty) keyboard mode. */
export const KEYS = {
  enter: "\r",
  altEnter: "\x1b\r",
  ctrlJ: "\n",
  escape: "\x1b",
  ctrlC: "\x03",
  ctrlD: "\x04",
  ctrlT: "\x14",
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  tab: "\t",
  backspace: "\x7f",
} as const;

/** Begin and end of one synchronized-output frame (DEC mode 2026). */
export const SYNC_BEGIN = "\x1b[?2026h";
export const SYNC_END = "\x1b[?2026l";

/** Modes a full-screen program switches on (any of `on`), each with what switches it off. */
const MODES: readonly { name: string; on: readonly string[]; off: string }[] = [
  { name: "hidden cursor", on: ["\x1b[?25l"], off: "\x1b[?25h" },
  { name: "bracketed paste", on: ["\x1b[?2004h"], off: "\x1b[?2004l" },
  { name: "synchronized output", on: [SYNC_BEGIN], off: SYNC_END },
  { name: "focus reporting", on: ["\x1b[?1004h"], off: "\x1b[?1004l" },
  { name: "modifyOtherKeys", on: ["\x1b[>4;1m", "\x1b[>4;2m"], off: "\x1b[>4;0m" },
  {
    name: "kitty keyboard",
    on: ["\x1b[>1u", "\x1b[>3u", "\x1b[>7u", "\x1b[>15u", "\x1b[>31u"],
    off: "\x1b[<u",
  },
];

/**
 * The terminal modes a program's output left switched on (switched on after their last
 * "off"): after a clean exit, none.
 */
export function modesLeftOn(output: string): string[] {
  return MODES.filter(({ on, off }) => {
    const lastOn = Math.max(...on.map((sequence) => output.lastIndexOf(sequence)));
    return lastOn > output.lastIndexOf(off);
  }).map(({ name }) => name);
}

/** Synchronized-output frames never closed: a begin with no end before the next begin. */
export function unclosedFrames(output: string): number {
  return output
    .split(SYNC_BEGIN)
    .slice(1)
    .filter((frame) => !frame.includes(SYNC_END)).length;
}

export interface PtyOptions {
  /** Default: this Node. */
  command?: string;
  args?: readonly string[];
  cwd: string;
  /** The whole environment of the program (TERM defaults to xterm-256color). */
  env: Record<string, string | undefined>;
  cols?: number;
  rows?: number;
  /** Lines the emulator keeps above the screen; default 10 000. */
  scrollback?: number;
}

export interface PtyExit {
  code: number;
  /** The signal number that ended the program, when one did. */
  signal?: number;
}

export interface WaitOptions {
  /** Hang guard; default `HANG_GUARD_MS` (minutes). */
  timeoutMs?: number;
}

export interface PtySession {
  readonly pid: number;
  /** Sends keys (see `KEYS`) or text as the terminal would. */
  write(data: string): void;
  /**
   * Resolves when the screen shows the text (or matches); rejects with the screen on
   * timeout. Like a terminal, waits look only at complete synchronized-output frames.
   */
  waitForText(match: string | RegExp, options?: WaitOptions): Promise<void>;
  /** Resolves when the predicate holds for the screen lines. */
  waitForScreen(predicate: (lines: string[]) => boolean, options?: WaitOptions): Promise<void>;
  /** Resolves when everything written so far has been parsed by the emulator. */
  settled(): Promise<void>;
  /** The visible lines, right-trimmed. */
  screen(): string[];
  /** The lines that scrolled off the top, oldest first, right-trimmed. */
  scrollback(): string[];
  resize(cols: number, rows: number): void;
  /** Everything the program wrote, as text. */
  output(): string;
  /** Bytes the program wrote so far. */
  bytesWritten(): number;
  /** Calls `listener` with each chunk the program writes, as it arrives; returns the unsubscriber. */
  onOutput(listener: (data: string) => void): () => void;
  readonly exit: Promise<PtyExit>;
  kill(signal?: NodeJS.Signals): void;
  /** The emulator, for cell colours (screenshots). */
  readonly terminal: xterm.Terminal;
}

export function spawnPty(options: PtyOptions): PtySession {
  const cols = options.cols ?? 80;
  const rows = options.rows ?? 24;
  const terminal = new xterm.Terminal({
    cols,
    rows,
    scrollback: options.scrollback ?? 10_000,
    allowProposedApi: true,
  });
  const pty = startPty(options, cols, rows);
  const recorded = recordOutput(pty, terminal);
  // Answers the terminal's queries (cursor position, device attributes) like a real one.
  terminal.onData((reply) => pty.write(reply));

  const exit = new Promise<PtyExit>((resolve) => {
    pty.onExit(({ exitCode, signal }) => {
      resolve(signal ? { code: exitCode, signal } : { code: exitCode });
    });
  });
  let exited = false;
  void exit.then(() => {
    exited = true;
  });

  const screen = (): string[] => screenLines(terminal);

  const waitForScreen = async (
    predicate: (lines: string[]) => boolean,
    waitOptions: WaitOptions = {},
  ): Promise<void> => {
    const deadline = Date.now() + (waitOptions.timeoutMs ?? HANG_GUARD_MS);
    for (;;) {
      await recorded.parsed();
      if (!recorded.inFrame() && predicate(screen())) return;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for the screen:\n${screen().join("\n")}`);
      }
      if (exited) {
        await recorded.parsed();
        if (predicate(screen())) return;
        throw new Error(`the program exited before the screen matched:\n${screen().join("\n")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    pid: pty.pid,
    write: (data) => pty.write(data),
    waitForScreen,
    waitForText: (match, waitOptions) =>
      waitForScreen((lines) => {
        const text = lines.join("\n");
        return typeof match === "string" ? text.includes(match) : match.test(text);
      }, waitOptions).catch((error: Error) => {
        throw new Error(`waiting for ${String(match)}: ${error.message}`);
      }),
    settled: async () => {
      await recorded.parsed();
    },
    screen,
    scrollback: () =>
      Array.from({ length: terminal.buffer.active.baseY }, (_, y) => lineText(terminal, y)),
    resize: (newCols, newRows) => {
      terminal.resize(newCols, newRows);
      pty.resize(newCols, newRows);
    },
    output: recorded.output,
    bytesWritten: recorded.bytesWritten,
    onOutput: recorded.onOutput,
    exit,
    kill: (signal = "SIGTERM") => {
      if (!exited) pty.kill(signal);
    },
    terminal,
  };
}
type NodePty = ReturnType<typeof spawnNodePty>;

/** The program on a pseudo-terminal, with `TERM` and the given environment only. */
function startPty(options: PtyOptions, cols: number, rows: number): NodePty {
  const env: Record<string, string> = { TERM: "xterm-256color" };
  for (const [name, value] of Object.entries(options.env)) {
    if (value !== undefined) env[name] = value;
  }
  return spawnNodePty(options.command ?? process.execPath, [...(options.args ?? [])], {
    name: env.TERM,
    cols,
    rows,
    cwd: options.cwd,
    env,
  });
}

/** Feeds what the program writes to the emulator and keeps it, for the session's readers. */
function recordOutput(pty: NodePty, terminal: xterm.Terminal) {
  const chunks: string[] = [];
  let bytes = 0;
  let parsed: Promise<void> = Promise.resolve();
  const listeners = new Set<(data: string) => void>();
  // Inside a synchronized-output frame a real terminal keeps showing the previous one;
  // waits do the same and look only at complete frames.
  let inFrame = false;
  let carry = ""; // a marker may be cut between two chunks
  pty.onData((data) => {
    const text = carry + data;
    const begin = text.lastIndexOf(SYNC_BEGIN);
    const end = text.lastIndexOf(SYNC_END);
    if (begin !== -1 || end !== -1) inFrame = begin > end;
    carry = text.slice(-(SYNC_BEGIN.length - 1));
    chunks.push(data);
    bytes += Buffer.byteLength(data);
    parsed = new Promise((resolve) => terminal.write(data, resolve));
    for (const listener of listeners) listener(data);
  });
  return {
    /** Resolves once the emulator has parsed everything written so far. */
    parsed: () => parsed,
    inFrame: () => inFrame,
    output: () => chunks.join(""),
    bytesWritten: () => bytes,
    onOutput: (listener: (data: string) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function lineText(terminal: xterm.Terminal, y: number): string {
  return (terminal.buffer.active.getLine(y)?.translateToString(true) ?? "").trimEnd();
}

function screenLines(terminal: xterm.Terminal): string[] {
  const buffer = terminal.buffer.active;
  return Array.from({ length: terminal.rows }, (_, row) => lineText(terminal, buffer.baseY + row));
}

export { screenHtml } from "./screen-html.js";
