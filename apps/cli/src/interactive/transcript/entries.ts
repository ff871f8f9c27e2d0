import { collapseAttachedFiles } from "@gong/runtime";
import { visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import pc from "picocolors";
import { type ToolCallView, toolBlockLines } from "../render/tool-block.js";
import { wrapWords } from "../render/wrap-words.js";

/** What every entry's rendering may depend on besides the width. */
export interface RenderContext {
  now: number;
  /** Ctrl+T: thinking shown in full, or one dim line. */
  showThinking: boolean;
}

/**
 * One piece of the transcript. A finished entry never changes again and goes to the
 * terminal's scrollback; until then it is part of the live region and drawn each frame.
 */
export interface Entry {
  readonly finished: boolean;
  render(width: number, context: RenderContext): string[];
  /**
   * Lines that will not change even though the entry is not finished (the complete
   * paragraphs of an answer still streaming): handed out once, as entries of their own,
   * so they reach the scrollback early and re-render at a new width.
   */
  takeSettled?(context: RenderContext): Entry[];
}

/** Text wrapped by display width (CJK and emoji take two columns), one style per line. */
export function wrapped(text: string, width: number, style: (line: string) => string): string[] {
  return text.split("\n").flatMap((line) => wrapTextWithAnsi(line, width).map(style));
}

/** A fixed piece: a note, a block, the user's prompt, a settled paragraph. */
export class StaticEntry implements Entry {
  readonly finished = true;
  constructor(private readonly draw: (width: number, context: RenderContext) => string[]) {}
  render(width: number, context: RenderContext): string[] {
    return this.draw(width, context);
  }
}

export type NoteTone = "note" | "warn" | "error";

const TONES: Record<NoteTone, (text: string) => string> = {
  note: (text) => pc.dim(text),
  warn: (text) => pc.yellow(text),
  error: (text) => pc.red(text),
};

/** A one-line status note (`model: openai/gpt-5`, a retry, a warning). */
export function noteEntry(text: string, tone: NoteTone = "note"): Entry {
  const prefix = tone === "error" ? "error: " : tone === "warn" ? "warning: " : "";
  return new StaticEntry((width) => wrapped(`${prefix}${text}`, width, TONES[tone]));
}

/** A titled block of lines (session info, the hotkeys, a command's output). */
export function blockEntry(title: string, lines: readonly string[]): Entry {
  return new StaticEntry((width) => [
    "",
    pc.bold(title),
    ...lines.flatMap((line) => hangingWrap(line, width)),
  ]);
}

/**
 * A line of a two-column table (`/model [query]   switch the model …`) wraps under its
 * second column, not at column 0, so the table stays readable on a narrow terminal.
 */
export function hangingWrap(line: string, width: number): string[] {
  const column = /^(\s*\S.*?\S? {2,})(?=\S)/.exec(line)?.[1];
  const indent = column ? visibleWidth(column) : 0;
  // Too little room beside the first column: plain wrapping reads better.
  if (!column || width - indent < 16) return wrapWords(line, width);
  const [first = "", ...rest] = wrapWords(line.slice(column.length), width - indent);
  return [column + first, ...rest.map((part) => " ".repeat(indent) + part)];
}

/** What the user sent, as the transcript shows it. */
export function userEntry(text: string): Entry {
  // A file `@path` attached is one line here; the model got its content.
  const shown = collapseAttachedFiles(text);
  return new StaticEntry((width) => {
    const lines = wrapped(shown, Math.max(10, width - 2), (line) => line);
    return ["", ...lines.map((line, i) => `${i === 0 ? pc.cyan("› ") : "  "}${pc.bold(line)}`)];
  });
}

/** A tool call outside the model's turns: the user's `!command`, until its result is in. */
export class ToolCallEntry implements Entry {
  constructor(public view: ToolCallView) {}
  get finished(): boolean {
    return this.view.result !== undefined || this.view.interrupted === true;
  }
  render(width: number, context: RenderContext): string[] {
    return ["", ...toolBlockLines(this.view, width, context.now)];
  }
}
