import type { Message } from "@gong/runtime";
import { truncateToWidth } from "@mariozechner/pi-tui";
import pc from "picocolors";
import { terminalSafe } from "../../terminal-text.js";
import { markdownLines, settledMarkdownLength } from "../render/markdown.js";
import { type ToolCallView, toolBlockLines } from "../render/tool-block.js";
import { type Entry, type RenderContext, StaticEntry, wrapped } from "./entries.js";

type AssistantMessage = Extract<Message, { role: "assistant" }>;
type Part = AssistantMessage["content"][number];

/**
 * One answer of the model as it streams: its text (Markdown), thinking and tool calls in
 * the order the model gave them. Parts leave for the scrollback as soon as they are
 * complete — a paragraph when the next block starts, a tool call when its result is in —
 * so the live region holds only what can still change.
 */
export class AssistantEntry implements Entry {
  private ended = false;
  private discarded = false;
  /** Parts already handed to the scrollback. */
  private settledParts = 0;
  /** Characters of the next part's text already handed out. */
  private settledChars = 0;
  private outcomeSettled = false;

  constructor(
    private message: AssistantMessage,
    private readonly tools: ReadonlyMap<string, ToolCallView>,
  ) {}

  /** The message so far (the agent's stream message). */
  update(message: AssistantMessage): void {
    if (!this.ended) this.message = message;
  }

  /** `discarded`: a failed attempt the agent retries (its retry note says so). */
  end(message: AssistantMessage, discarded: boolean): void {
    this.message = message;
    this.ended = true;
    this.discarded = discarded;
  }

  /** The run ended: calls without a result will not get one. */
  interruptTools(tools: Map<string, ToolCallView>): void {
    for (const part of this.message.content) {
      if (part.type !== "toolCall") continue;
      const view = tools.get(part.id);
      if (!view?.result) tools.set(part.id, { ...this.viewOf(part), interrupted: true });
    }
  }

  get finished(): boolean {
    return this.ended && this.outcomeSettled;
  }

  render(width: number, context: RenderContext): string[] {
    const parts = this.message.content;
    const lines: string[] = [];
    for (let i = this.settledParts; i < parts.length; i++) {
      const part = parts[i]!;
      const skip = i === this.settledParts ? this.settledChars : 0;
      lines.push(...this.partLines(part, width, context, skip, i === parts.length - 1));
    }
    if (this.ended) lines.push(...this.outcomeLines(width));
    return lines;
  }

  takeSettled(context: RenderContext): Entry[] {
    const settled: Entry[] = [];
    const parts = this.message.content;
    while (this.settledParts < parts.length) {
      const part = parts[this.settledParts]!;
      const complete = this.ended || this.settledParts < parts.length - 1;
      if (part.type === "toolCall") {
        const view = this.viewOf(part);
        if (!view.result && !view.interrupted) return settled;
        settled.push(new StaticEntry((width) => ["", ...toolBlockLines(view, width, context.now)]));
      } else if (part.type === "text") {
        const from = this.settledChars;
        // Lexed from the last settled block on: the answer is not lexed again from its
        // start for every frame.
        const to = complete
          ? part.text.length
          : from + settledMarkdownLength(part.text.slice(from));
        if (to > from) {
          const chunk = part.text.slice(from, to);
          settled.push(new StaticEntry((width) => withGap(markdownLines(chunk, width))));
          this.settledChars = to;
        }
        if (!complete) return settled;
      } else {
        if (!complete) return settled;
        const thinking = part;
        settled.push(
          new StaticEntry((width, current) => thinkingLines(thinking, width, current, true)),
        );
      }
      this.settledParts++;
      this.settledChars = 0;
    }
    if (this.ended && !this.outcomeSettled) {
      const lines = this.outcomeLines(80);
      if (lines.length > 0) settled.push(new StaticEntry((width) => this.outcomeLines(width)));
      this.outcomeSettled = true;
    }
    return settled;
  }

  private partLines(
    part: Part,
    width: number,
    context: RenderContext,
    skipChars: number,
    last: boolean,
  ): string[] {
    if (part.type === "text") return withGap(markdownLines(part.text.slice(skipChars), width));
    if (part.type === "thinking") return thinkingLines(part, width, context, !last || this.ended);
    return ["", ...toolBlockLines(this.viewOf(part), width, context.now)];
  }

  private viewOf(part: Extract<Part, { type: "toolCall" }>): ToolCallView {
    const view = this.tools.get(part.id);
    return { ...view, name: part.name, args: part.arguments ?? view?.args ?? {} };
  }

  /** How the answer ended, when that is news: an error, an abort, a cut-off answer. */
  private outcomeLines(width: number): string[] {
    if (this.discarded) return [];
    const message = this.message;
    if (message.stopReason === "aborted") return [pc.yellow("aborted")];
    if (message.stopReason === "error") {
      const error = terminalSafe(message.errorMessage ?? "the request failed");
      return wrapped(`error: ${error}`, width, pc.red);
    }
    if (message.stopReason === "length") {
      return [pc.yellow("the answer was cut off at the model's output limit")];
    }
    return [];
  }
}

/** A blank line before a block of text, none for nothing. */
function withGap(lines: string[]): string[] {
  return lines.length > 0 ? ["", ...lines] : lines;
}

/**
 * Thinking: dim and collapsed to one line unless Ctrl+T shows it. While it streams, the
 * collapsed line is its latest line, so the user sees that something happens.
 */
function thinkingLines(
  part: Extract<Part, { type: "thinking" }>,
  width: number,
  context: RenderContext,
  complete: boolean,
): string[] {
  const text = part.redacted ? "(redacted by the provider)" : terminalSafe(part.thinking).trim();
  if (text === "") return [];
  const style = (line: string) => pc.dim(pc.italic(line));
  if (context.showThinking) return ["", ...wrapped(text, width, style)];
  const lineCount = text.split("\n").length;
  const summary = complete
    ? `thinking (${lineCount} line${lineCount === 1 ? "" : "s"}, Ctrl+T shows it)`
    : `thinking: ${text.slice(text.lastIndexOf("\n") + 1)}`;
  return ["", style(truncateToWidth(summary, width, "…"))];
}
