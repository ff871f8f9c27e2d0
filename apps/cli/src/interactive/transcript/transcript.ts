import {
  type CodingSessionEvent,
  compactionDetail,
  type Message,
  PartialMessage,
} from "@gong/runtime";
import { retryLine } from "../../modes/retry-line.js";
import type { ToolCallView } from "../render/tool-block.js";
import { AssistantEntry } from "./assistant-entry.js";
import { type Entry, noteEntry, type RenderContext, userEntry } from "./entries.js";

/**
 * The conversation as the screen shows it, built from the session's events: entries
 * still changing (live) and entries handed to the scrollback (history, kept to draw
 * again at a new width).
 */
export class Transcript {
  private live: Entry[] = [];
  private history: Entry[] = [];
  private readonly tools = new Map<string, ToolCallView>();
  private current: AssistantEntry | undefined;
  /** The answer being streamed, rebuilt from its deltas. */
  private partial: PartialMessage | undefined;

  add(entry: Entry): void {
    this.live.push(entry);
  }

  /** Forgets everything (before a replay of another session). */
  reset(): void {
    this.live = [];
    this.history = [];
    this.tools.clear();
    this.current = undefined;
    this.partial = undefined;
  }

  apply(event: CodingSessionEvent, now: number): void {
    switch (event.type) {
      case "message_start":
        if (event.message.role === "assistant") {
          this.partial = new PartialMessage(event.message);
          this.current = new AssistantEntry(this.partial.message, this.tools);
          this.live.push(this.current);
        } else if (event.message.role === "user") {
          this.live.push(userEntry(messageText(event.message)));
        }
        return;
      case "message_update":
        if (!this.partial) return;
        this.partial.apply(event.assistantMessageEvent);
        this.current?.update(this.partial.message);
        return;
      case "message_end":
        if (event.message.role === "assistant") {
          this.current?.end(event.message, event.discarded === true);
          this.current = undefined;
          this.partial = undefined;
        }
        return;
      case "tool_execution_start":
        this.tools.set(event.toolCallId, {
          name: event.toolName,
          args: isRecord(event.args) ? event.args : {},
          startedAt: now,
        });
        return;
      case "tool_execution_update":
        this.updateTool(event.toolCallId, {
          liveOutput:
            typeof event.partial.data.stdout === "string"
              ? event.partial.data.stdout
              : event.partial.text,
        });
        return;
      case "tool_execution_end":
        this.updateTool(event.toolCallId, {
          result: event.result,
          isError: event.isError,
          endedAt: now,
        });
        return;
      case "agent_end":
        for (const entry of this.live) {
          if (entry instanceof AssistantEntry) entry.interruptTools(this.tools);
        }
        return;
      case "retry":
        this.live.push(noteEntry(retryLine(event)));
        return;
      case "compaction_start":
        this.live.push(noteEntry(`compacting the conversation (${event.reason})…`));
        return;
      case "compaction_end":
        if (event.errorMessage) {
          this.live.push(noteEntry(`compaction failed: ${event.errorMessage}`, "error"));
        } else if (event.result) {
          const { tokensBefore, tokensAfter } = event.result;
          const detail = compactionDetail(event.result);
          this.live.push(
            noteEntry(`compacted ${tokensBefore} → ${tokensAfter} tokens (${detail})`),
          );
        }
        return;
      case "warning":
        this.live.push(noteEntry(event.message, "warn"));
        return;
      case "hook_error":
        this.live.push(
          noteEntry(`hook ${event.hookName} (${event.callback}) failed: ${event.error}`, "warn"),
        );
        return;
    }
  }

  /**
   * Hands out, in order, what will not change any more: whole finished entries and the
   * settled parts of the first unfinished one. They go to the history.
   */
  takeFinished(context: RenderContext): Entry[] {
    const finished: Entry[] = [];
    while (this.live.length > 0) {
      const first = this.live[0]!;
      if (first.takeSettled) finished.push(...first.takeSettled(context));
      if (!first.finished) break;
      this.live.shift();
      if (!first.takeSettled) finished.push(first);
    }
    this.history.push(...finished);
    return finished;
  }

  liveLines(width: number, context: RenderContext): string[] {
    return this.live.flatMap((entry) => entry.render(width, context));
  }

  historyLines(width: number, context: RenderContext): string[] {
    return this.history.flatMap((entry) => entry.render(width, context));
  }

  private updateTool(id: string, change: Partial<ToolCallView>): void {
    const view = this.tools.get(id);
    if (view) this.tools.set(id, { ...view, ...change });
  }
}

/** A user message as text (images become a marker). */
export function messageText(message: Message): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((part) => (part.type === "text" ? part.text : part.type === "image" ? "[image]" : ""))
    .join("");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
