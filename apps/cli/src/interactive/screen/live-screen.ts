import { CURSOR_MARKER, truncateToWidth, visibleWidth } from "@mariozechner/pi-tui";

/** Where the screen draws: the terminal (or a recording of it in tests). */
export interface ScreenOutput {
  write(text: string): void;
  readonly columns: number;
  readonly rows: number;
}

const SYNC_START = "\x1b[?2026h";
const SYNC_END = "\x1b[?2026l";
const CLEAR_LINE = "\x1b[2K";
const CLEAR_BELOW = "\x1b[J";

/**
 * The terminal as an append-only transcript with one live region at the bottom (the
 * answer being streamed, running tools, the editor, the status line). Finished blocks
 * are written once above the live region and scroll into the terminal's own scrollback,
 * where the user can scroll, search and copy them; only the live region is redrawn,
 * and of it only the lines that changed. Every write is one synchronized-output frame
 * (`CSI ?2026h … ?2026l`), so the terminal never shows half a frame.
 *
 * pi-tui's `TUI` keeps the whole transcript as its frame instead: a change above the
 * viewport (a long answer re-wrapping, thinking toggled) clears the scrollback and
 * prints everything again. Here that happens only when the terminal is resized, because
 * it has then re-wrapped or moved the old lines itself and nothing can be placed exactly.
 */
export class LiveScreen {
  /** The live lines as drawn. */
  private drawn: string[] = [];
  /** The live line the cursor is on (always at column 0 after a frame). */
  private cursorRow = 0;
  private width: number;
  private height: number;

  constructor(private readonly output: ScreenOutput) {
    this.width = output.columns;
    this.height = output.rows;
  }

  /**
   * Writes `finished` lines into the transcript (they leave the live region for good)
   * and brings the live region up to date.
   */
  update(finished: readonly string[], live: readonly string[]): void {
    const next = this.fit(live);
    let frame: string;
    if (finished.length > 0) {
      frame = `${this.toLiveTop()}${CLEAR_BELOW}${[...this.fit(finished, false), ...next].join("\r\n")}`;
      this.cursorRow = next.length - 1;
    } else {
      frame = this.diff(next);
      if (frame === "") return;
    }
    this.drawn = next;
    this.output.write(SYNC_START + frame + SYNC_END);
  }

  /**
   * After a resize: the terminal has re-wrapped what it shows, so the screen and its
   * scrollback are cleared and the whole transcript is printed again at the new width.
   */
  redraw(transcript: readonly string[], live: readonly string[]): void {
    this.width = this.output.columns;
    this.height = this.output.rows;
    const next = this.fit(live);
    const lines = [...this.fit(transcript, false), ...next];
    this.output.write(`${SYNC_START}\x1b[2J\x1b[3J\x1b[H${lines.join("\r\n")}${SYNC_END}`);
    this.drawn = next;
    this.cursorRow = next.length - 1;
  }

  /**
   * Whether the terminal changed size since the live region was drawn: a new width
   * re-wraps everything; a new height may have pushed live lines off the screen (or
   * pulled scrollback in), so the cursor arithmetic no longer holds either.
   */
  get resized(): boolean {
    return this.output.columns !== this.width || this.output.rows !== this.height;
  }

  /**
   * Erases the live region (the editor, the status line) and leaves the cursor where it
   * began: what was committed stays, the shell prompt comes right after it.
   */
  clear(): void {
    this.output.write(`${SYNC_START}${this.toLiveTop()}${CLEAR_BELOW}${SYNC_END}`);
    this.drawn = [];
    this.cursorRow = 0;
  }

  /**
   * Rewrites the lines from the first that differs; when the count is unchanged (a
   * spinner frame, a keystroke) only up to the last that differs.
   */
  private diff(next: string[]): string {
    const previous = this.drawn;
    if (previous.length === 0) {
      this.cursorRow = next.length - 1;
      return `\r${next.join("\r\n")}`;
    }
    let first = 0;
    while (first < next.length && first < previous.length && next[first] === previous[first]) {
      first++;
    }
    if (first === next.length && first === previous.length) return "";
    let last = next.length - 1;
    if (next.length === previous.length) {
      while (last > first && next[last] === previous[last]) last--;
    }
    let frame: string;
    if (first >= next.length) {
      // Pure shrink: the lines below the new last one are erased.
      frame = `${this.moveTo(first)}${CLEAR_BELOW}\x1b[1A`;
      last = next.length - 1;
    } else if (first >= previous.length) {
      // Pure growth: from the end of the last drawn line, new lines scroll the screen.
      frame = `${this.moveTo(previous.length - 1)}${next
        .slice(first)
        .map((line) => `\r\n${CLEAR_LINE}${line}`)
        .join("")}`;
    } else {
      frame = `${this.moveTo(first)}${next
        .slice(first, last + 1)
        .map((line) => CLEAR_LINE + line)
        .join("\r\n")}`;
      if (next.length < previous.length) frame += `\r\n${CLEAR_BELOW}\x1b[1A`;
    }
    this.cursorRow = last;
    return frame;
  }

  /** To column 0 of live line `row` from the cursor's line. */
  private moveTo(row: number): string {
    const delta = row - this.cursorRow;
    const move = delta > 0 ? `\x1b[${delta}B` : delta < 0 ? `\x1b[${-delta}A` : "";
    return `${move}\r`;
  }

  private toLiveTop(): string {
    return this.moveTo(0);
  }

  /**
   * One row per line: split at line breaks, cut to the width (a wider one would wrap and
   * break the row arithmetic), the editor's cursor marker removed (its own inverse-video
   * cursor shows where it is); the live region also cut to the height, since what is
   * above the screen cannot be redrawn.
   */
  private fit(lines: readonly string[], clip = true): string[] {
    const width = this.output.columns;
    const rows = lines.flatMap((line) => (line.includes("\n") ? line.split(/\r?\n/) : [line]));
    const fitted = rows.map((line) => {
      const plain = line.includes(CURSOR_MARKER) ? line.split(CURSOR_MARKER).join("") : line;
      return visibleWidth(plain) > width ? truncateToWidth(plain, width, "") : plain;
    });
    return clip ? fitted.slice(-Math.max(1, this.output.rows)) : fitted;
  }
}
