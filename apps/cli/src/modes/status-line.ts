import { toolCallSummary } from "@gong/render";
import type { CodingSessionEvent } from "@gong/runtime";
import { terminalSafe } from "../terminal-text.js";
import { retryLine } from "./retry-line.js";

/** Where the line is drawn: stderr when it is a terminal. */
export interface StatusStream {
  write(text: string): unknown;
  /** Terminal width; the line is cut to it so it never wraps (a wrapped line cannot be cleared). */
  columns?: number;
}

/** Back to column 0 and erase the line (ANSI EL2). */
const CLEAR = "\r\x1b[2K";

/**
 * One live line on a terminal's stderr while print mode runs: what is happening (the
 * tool being run with its key argument, a retry), and the time since the run started.
 * Redrawn every second and on each event; cleared before the answer is printed, so
 * nothing of it stays on screen. A class because it has a lifetime (its timer).
 */
export class StatusLine {
  private activity = "waiting for the model";
  private readonly startedAt: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly stream: StatusStream,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  start(): void {
    this.render();
    this.timer = setInterval(() => this.render(), 1000);
    this.timer.unref(); // never what keeps the process alive
  }

  onEvent(event: CodingSessionEvent): void {
    switch (event.type) {
      case "tool_execution_start":
        this.activity = `${event.toolName}${keyArgument(event.toolName, event.args)}`;
        break;
      case "tool_execution_end":
      case "compaction_end":
        this.activity = "waiting for the model";
        break;
      case "retry":
        this.activity = retryLine(event);
        break;
      case "compaction_start":
        this.activity = "compacting the conversation";
        break;
      default:
        return;
    }
    this.render();
  }

  /** A whole line (a warning, a retry) goes above the status, which is drawn again. */
  print(text: string): void {
    this.stream.write(CLEAR);
    this.stream.write(text);
    this.render();
  }

  /** Clears the line; once (the answer's path and the error path both call it). */
  stop(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.stream.write(CLEAR);
  }

  private render(): void {
    const seconds = Math.floor((this.now() - this.startedAt) / 1000);
    const line = `gong: ${this.activity} · ${seconds} s`;
    // A pty without a window size (`script`, some CI runners) reports 0 columns.
    const width = Math.max(10, (this.stream.columns || 80) - 1);
    this.stream.write(`${CLEAR}${line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
  }
}

/**
 * ` npm test`: what a tool call is about (`toolCallSummary`, the same on every face),
 * made safe for a terminal, with a leading space; "" when the call has nothing to show.
 */
export function keyArgument(toolName: string, args: unknown): string {
  const summary = terminalSafe(toolCallSummary(toolName, args));
  return summary ? ` ${summary}` : "";
}
