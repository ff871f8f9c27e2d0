import type { AssistantMessageEventSource } from "../event-stream.js";
import { isCompleteJson, JsonTail, parsePartialJson, parseWithTail } from "../partial-json.js";
import type { AssistantMessage, TextContent, ThinkingContent, ToolCall } from "../types.js";

const EAGER_PARSE_CHARS = 512;
const TRAILING_SPACE = /\s/;

/** A streaming tool call's argument text, its scan state and when it was last parsed. */
interface ToolArguments {
  text: string;
  tail: JsonTail;
  parsedLength: number;
}

/**
 * Grows the partial `AssistantMessage` and emits the matching events, so every
 * provider produces the same event sequence. Indexes are positions in `content`.
 */
export class MessageBuilder {
  private readonly toolArguments = new Map<number, ToolArguments>();
  private readonly open = new Set<number>();

  constructor(
    readonly message: AssistantMessage,
    private readonly events: AssistantMessageEventSource,
  ) {}

  startText(): number {
    const index = this.message.content.push({ type: "text", text: "" }) - 1;
    this.open.add(index);
    this.events.push({ type: "text_start", contentIndex: index, partial: this.message });
    return index;
  }

  appendText(index: number, delta: string): void {
    const block = this.message.content[index] as TextContent;
    block.text += delta;
    this.events.push({ type: "text_delta", contentIndex: index, delta, partial: this.message });
  }

  startThinking(initial: Partial<ThinkingContent> = {}): number {
    const block: ThinkingContent = { type: "thinking", thinking: "", ...initial };
    const index = this.message.content.push(block) - 1;
    this.open.add(index);
    this.events.push({ type: "thinking_start", contentIndex: index, partial: this.message });
    return index;
  }

  appendThinking(index: number, delta: string): void {
    const block = this.message.content[index] as ThinkingContent;
    block.thinking += delta;
    this.events.push({ type: "thinking_delta", contentIndex: index, delta, partial: this.message });
  }

  setSignature(index: number, signature: string, append = false): void {
    const block = this.message.content[index] as ThinkingContent;
    block.thinkingSignature = append ? (block.thinkingSignature ?? "") + signature : signature;
  }

  startToolCall(id: string, name: string): number {
    const index = this.message.content.push({ type: "toolCall", id, name, arguments: {} }) - 1;
    this.open.add(index);
    this.toolArguments.set(index, { text: "", tail: new JsonTail(), parsedLength: 0 });
    this.events.push({ type: "toolcall_start", contentIndex: index, partial: this.message });
    return index;
  }

  /**
   * Arguments are re-parsed as they stream so UIs see the path early (test/partial-json.test.ts):
   * on every delta for the first 512 characters, then each time the text grew by a tenth, which keeps
   * a 40 KB `content` argument linear instead of quadratic. `end` parses the whole.
   */
  appendToolArguments(index: number, delta: string): void {
    let state = this.toolArguments.get(index);
    if (!state) {
      state = { text: "", tail: new JsonTail(), parsedLength: 0 };
      this.toolArguments.set(index, state);
    }
    const text = state.text + delta;
    state.text = text;
    state.tail.feed(delta);
    if (text.length <= EAGER_PARSE_CHARS || text.length >= state.parsedLength * 1.1) {
      const block = this.message.content[index] as ToolCall;
      // Trailing whitespace would land inside a closed string; parsePartialJson trims it.
      block.arguments = TRAILING_SPACE.test(text[text.length - 1] ?? " ")
        ? parsePartialJson(text)
        : parseWithTail(text.trimStart(), state.tail);
      state.parsedLength = text.length;
    }
    this.events.push({ type: "toolcall_delta", contentIndex: index, delta, partial: this.message });
  }

  /** Replaces the streamed argument text with the provider's final version. */
  setToolArguments(index: number, text: string): void {
    const tail = new JsonTail();
    tail.feed(text);
    this.toolArguments.set(index, { text, tail, parsedLength: text.length });
  }

  end(index: number): void {
    if (!this.open.delete(index)) return;
    const block = this.message.content[index];
    if (!block) return;
    if (block.type === "text") {
      this.events.push({
        type: "text_end",
        contentIndex: index,
        content: block.text,
        partial: this.message,
      });
    } else if (block.type === "thinking") {
      this.events.push({
        type: "thinking_end",
        contentIndex: index,
        content: block.thinking,
        partial: this.message,
      });
    } else {
      const text = this.toolArguments.get(index)?.text ?? "";
      block.arguments = parsePartialJson(text);
      if (!isCompleteJson(text)) block.incompleteArguments = text;
      this.events.push({
        type: "toolcall_end",
        contentIndex: index,
        toolCall: block,
        partial: this.message,
      });
    }
  }

  endAll(): void {
    for (const index of [...this.open].sort((a, b) => a - b)) this.end(index);
  }

  hasToolCalls(): boolean {
    return this.message.content.some((block) => block.type === "toolCall");
  }
}
