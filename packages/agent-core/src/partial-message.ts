import { type AssistantMessage, parsePartialJson, type ToolCall } from "@gong/llm";
import type { AssistantMessageDelta } from "./events.js";

type Part = AssistantMessage["content"][number];

/**
 * The answer so far, rebuilt from `message_start` and the `message_update` deltas that
 * follow: what a UI shows while the model streams (the events carry only deltas, so the
 * stream stays linear in the answer's length). Deltas change the message in place;
 * a tool call's arguments are parsed only when the message is read.
 */
export class PartialMessage {
  private readonly partial: AssistantMessage;
  /** The streamed JSON of each tool call whose arguments changed since the last read. */
  private readonly pendingArguments = new Map<number, string>();
  private readonly argumentText = new Map<number, string>();

  constructor(start: AssistantMessage) {
    this.partial = { ...start, content: start.content.map((part) => ({ ...part })) };
  }

  apply(delta: AssistantMessageDelta): void {
    const content = this.partial.content;
    const index = delta.contentIndex;
    switch (delta.type) {
      case "text_start":
        content[index] = { type: "text", text: "" };
        return;
      case "thinking_start":
        content[index] = { type: "thinking", thinking: "" };
        return;
      case "toolcall_start":
        content[index] = { type: "toolCall", id: delta.id, name: delta.name, arguments: {} };
        this.argumentText.set(index, "");
        return;
      case "text_delta":
        this.append(index, "text", delta.delta);
        return;
      case "thinking_delta":
        this.append(index, "thinking", delta.delta);
        return;
      case "toolcall_delta": {
        const text = (this.argumentText.get(index) ?? "") + delta.delta;
        this.argumentText.set(index, text);
        this.pendingArguments.set(index, text);
        return;
      }
      default:
        // `*_end` carries nothing new: the whole message comes with `message_end`.
        return;
    }
  }

  /** The message so far (the same object each time, changed by `apply`). */
  get message(): AssistantMessage {
    for (const [index, text] of this.pendingArguments) {
      const part = this.partial.content[index];
      if (part?.type === "toolCall") (part as ToolCall).arguments = parsePartialJson(text);
    }
    this.pendingArguments.clear();
    return this.partial;
  }

  private append(index: number, type: "text" | "thinking", delta: string): void {
    const content = this.partial.content;
    const part: Part | undefined = content[index];
    if (type === "text") {
      if (part?.type === "text") part.text += delta;
      else content[index] = { type: "text", text: delta };
    } else if (part?.type === "thinking") part.thinking += delta;
    else content[index] = { type: "thinking", thinking: delta };
  }
}
