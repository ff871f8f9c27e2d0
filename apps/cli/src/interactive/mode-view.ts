import type { CodingSession } from "@gong/runtime";
import type { Editor } from "@mariozechner/pi-tui";
import pc from "picocolors";
import type { DialogStack } from "./dialogs/dialog-stack.js";
import {
  activityLine,
  footerLine,
  SPINNER_FRAME_MS,
  type StatusInfo,
} from "./render/status-bar.js";
import type { LiveScreen } from "./screen/live-screen.js";
import { queuedLines, statusInfo } from "./session-status.js";
import type { Entry, RenderContext } from "./transcript/entries.js";
import { Transcript } from "./transcript/transcript.js";

/** At most one frame per this many ms while text streams in. */
const FRAME_MS = 16;

/**
 * What the interactive mode shows, composed into frames: the transcript, queued
 * messages, the spinner line, the editor (or the open dialog) and the footer. Redraws
 * are coalesced — streamed text arrives in hundreds of small pieces a second.
 */
export class ModeView {
  readonly transcript = new Transcript();
  session: CodingSession | undefined;
  /** The footer's `sessionCost`, refreshed by the mode when an answer ends or the session changes. */
  cost = 0;
  showThinking = false;
  private working: StatusInfo["working"];
  private hint: string | undefined;
  private spinner: NodeJS.Timeout | undefined;
  private frameTimer: NodeJS.Timeout | undefined;
  private lastFrameAt = 0;
  private closed = false;

  constructor(
    private readonly screen: LiveScreen,
    private readonly size: { readonly columns: number },
    private readonly editor: Editor,
    private readonly dialogs: DialogStack,
    private readonly cwd: string,
  ) {}

  get width(): number {
    return this.size.columns;
  }

  add(entry: Entry): void {
    this.transcript.add(entry);
    this.requestRender();
  }

  /** The spinner line runs, saying what the agent does, until `stopWorking`. */
  startWorking(activity: string): void {
    this.working = { activity, since: Date.now() };
    this.spinner ??= setInterval(() => this.requestRender(), SPINNER_FRAME_MS);
    this.requestRender();
  }

  setActivity(activity: string): void {
    if (this.working) this.working = { ...this.working, activity };
  }

  stopWorking(): void {
    this.working = undefined;
    if (this.spinner) clearInterval(this.spinner);
    this.spinner = undefined;
    this.requestRender();
  }

  /** A short line in place of the footer (`Ctrl+C again quits`). */
  showHint(text: string, ms: number): void {
    this.hint = text;
    this.requestRender();
    setTimeout(() => {
      if (this.hint === text) this.hint = undefined;
      this.requestRender();
    }, ms).unref();
  }

  /** A key press is drawn at once: typing must not wait behind the stream's frame pacing. */
  renderNow(): void {
    if (this.frameTimer) clearTimeout(this.frameTimer);
    this.frameTimer = undefined;
    this.render();
  }

  requestRender(): void {
    if (this.frameTimer || this.closed) return;
    const wait = Math.max(0, FRAME_MS - (Date.now() - this.lastFrameAt));
    this.frameTimer = setTimeout(() => {
      this.frameTimer = undefined;
      this.render();
    }, wait);
  }

  render(): void {
    if (this.closed) return;
    this.lastFrameAt = Date.now();
    const context = this.context();
    const finished = this.transcript.takeFinished(context);
    if (this.screen.resized) {
      this.redrawAll();
      return;
    }
    const lines = finished.flatMap((entry) => entry.render(this.width, context));
    this.screen.update(lines, this.liveLines(context));
  }

  /**
   * Clears the terminal and prints the whole transcript again: after a resize, when
   * Ctrl+T changes thinking already in the scrollback, after /new or /resume.
   */
  redrawAll(): void {
    const context = this.context();
    this.transcript.takeFinished(context);
    this.screen.redraw(this.transcript.historyLines(this.width, context), this.liveLines(context));
  }

  /** The last frame: everything goes to the scrollback, the live region is erased. */
  close(): void {
    if (this.closed) return;
    if (this.spinner) clearInterval(this.spinner);
    if (this.frameTimer) clearTimeout(this.frameTimer);
    const context = this.context();
    const finished = this.transcript.takeFinished(context);
    this.screen.update(
      [
        ...finished.flatMap((entry) => entry.render(this.width, context)),
        ...this.transcript.liveLines(this.width, context),
      ],
      [""],
    );
    this.screen.clear();
    this.closed = true;
  }

  private liveLines(context: RenderContext): string[] {
    const width = this.width;
    const session = this.session;
    const status = session ? statusInfo(session, this.cwd, this.working, this.cost) : undefined;
    const footer = this.hint
      ? pc.yellow(this.hint)
      : status
        ? footerLine(status, width)
        : pc.dim("starting…");
    return [
      ...this.transcript.liveLines(width, context),
      ...(session ? queuedLines(session, width) : []),
      "",
      ...(status ? activityLine(status, width, context.now) : []),
      ...this.inputLines(width),
      footer,
    ];
  }

  /**
   * The open dialog in place of the editor; the editor too when it holds text, so keys
   * typed ahead of a question (handed back to the editor) are seen to be kept.
   */
  private inputLines(width: number): string[] {
    const dialog = this.dialogs.top;
    if (!dialog) return this.editorLines(width);
    const lines = dialog.render(width);
    return this.editor.getText() === "" ? lines : [...lines, ...this.editorLines(width)];
  }

  /**
   * pi-tui's Editor colours its rule with one `─` and repeats it: 80 SGR pairs a line,
   * three quarters of all bytes written while an answer streams. The rule comes plain
   * (EDITOR_THEME) and is dimmed here as one span.
   */
  private editorLines(width: number): string[] {
    return this.editor.render(width).map((line) => (/^─+$/.test(line) ? pc.dim(line) : line));
  }

  private context(): RenderContext {
    return { now: Date.now(), showThinking: this.showThinking };
  }
}
