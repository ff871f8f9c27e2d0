import type { Message, ToolResultMessage } from "@gong/llm";

function textLength(message: ToolResultMessage): number {
  let length = 0;
  for (const part of message.content) if (part.type === "text") length += part.text.length;
  return length;
}

/** Short stub that replaces an old tool output; says how to get the data back. */
export function prunedOutputStub(message: ToolResultMessage): string {
  return `[Old ${message.toolName} output (${textLength(message)} characters) was removed to save context. Run the tool again if you need it.]`;
}

/**
 * Replaces the content of tool results before `endIndex` with short stubs. Used first
 * when compacting (old outputs are the cheapest thing to lose) and as the fallback
 * when the summary call fails (test/j12-compaction.test.ts 3.1). `details` is dropped too: the session keeps
 * the original message.
 */
export function pruneToolOutputs(messages: readonly Message[], endIndex: number): Message[] {
  return messages.map((message, index) => {
    if (index >= endIndex || message.role !== "toolResult") return message;
    if (
      message.content.length === 1 &&
      message.content[0]?.type === "text" &&
      message.content[0].text.startsWith("[Old ")
    ) {
      return message;
    }
    const { details: _details, ...rest } = message;
    return { ...rest, content: [{ type: "text", text: prunedOutputStub(message) }] };
  });
}
