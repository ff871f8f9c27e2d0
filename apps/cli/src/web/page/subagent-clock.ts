/**
 * A running task call's progress line, with its time still running: the subagent's
 * updates come when it does something (a tool call, a turn), so between them — a long
 * model call — the page counts the seconds on from the last update itself, once a
 * second. The line is the terminal's (`subagentProgressLine`).
 */
import { type SubagentProgressData, subagentProgressLine } from "@gong/render";

const TICK_MS = 1000;

export class SubagentClock {
  /** The latest progress of each running task call, and when it arrived. */
  private readonly running = new Map<string, { data: SubagentProgressData; at: number }>();
  private timer: number | undefined;

  /** `redraw` is asked to draw the calls whose line changed. */
  constructor(private readonly redraw: (toolCallIds: string[]) => void) {}

  /** A tool's update: a task call's (its `partial.data` names a subagent) is kept. */
  update(toolCallId: string, partial: unknown): void {
    const data = (partial as { data?: Partial<SubagentProgressData> } | undefined)?.data;
    if (typeof data?.subagent_type !== "string") return;
    this.running.set(toolCallId, { data: data as SubagentProgressData, at: Date.now() });
    this.timer ??= window.setInterval(() => this.redraw([...this.running.keys()]), TICK_MS);
  }

  /** The call has its result (or never will): its line is gone. */
  stop(toolCallId: string): void {
    this.running.delete(toolCallId);
    if (this.running.size > 0 || this.timer === undefined) return;
    window.clearInterval(this.timer);
    this.timer = undefined;
  }

  clear(): void {
    for (const id of [...this.running.keys()]) this.stop(id);
  }

  /** The live outputs with each running task call's line as of now. */
  withProgress(live: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
    if (this.running.size === 0) return live;
    const now = Date.now();
    const lines = new Map(live);
    for (const [id, { data, at }] of this.running)
      lines.set(id, subagentProgressLine({ ...data, elapsed_ms: data.elapsed_ms + now - at }));
    return lines;
  }
}
