import type { AssistantMessage, Message, ToolResultMessage } from "@gong/llm";

const NO_RESULT_TEXT =
  "No result provided: the tool call was interrupted before it finished. Call the tool again if you still need its result.";

/** Pi bug #1434 (J.9 4.5): a provider may hand back `content` as a string or null. */
export function normalizeAssistantContent(message: AssistantMessage): AssistantMessage {
  const content = message.content as unknown;
  if (Array.isArray(content)) return message;
  if (typeof content === "string") {
    return { ...message, content: content ? [{ type: "text", text: content }] : [] };
  }
  return { ...message, content: [] };
}

function hasContent(message: AssistantMessage): boolean {
  return message.content.some(
    (part) =>
      (part.type === "text" && part.text.trim() !== "") ||
      (part.type === "thinking" && part.thinking.trim() !== "") ||
      part.type === "toolCall",
  );
}

/**
 * Makes the message list valid for any provider before it is sent (Pi bugs
 * #1454/#1455, J.9 4.2): every tool call gets a result right after its assistant
 * message (a synthetic error result when it has none), results without a call are
 * dropped, and errored or aborted assistant turns without content are left out.
 * With `dropThinking` (the structure-error repair of ARCHITECTURE §8) thinking blocks
 * become plain text so their order and signatures can no longer be rejected.
 */
export function repairContext(
  messages: readonly Message[],
  options: { dropThinking?: boolean } = {},
): Message[] {
  const repaired: Message[] = [];
  let openCalls: { id: string; name: string }[] = [];
  let answered = new Set<string>();

  const closeOpenCalls = () => {
    for (const call of openCalls) {
      if (answered.has(call.id)) continue;
      const synthetic: ToolResultMessage = {
        role: "toolResult",
        toolCallId: call.id,
        toolName: call.name,
        content: [{ type: "text", text: NO_RESULT_TEXT }],
        isError: true,
        timestamp: Date.now(),
      };
      repaired.push(synthetic);
    }
    openCalls = [];
    answered = new Set();
  };

  for (const original of messages) {
    if (original.role === "toolResult") {
      const call = openCalls.find((c) => c.id === original.toolCallId);
      if (!call || answered.has(original.toolCallId)) continue; // orphan or duplicate
      answered.add(original.toolCallId);
      repaired.push(original);
      continue;
    }
    closeOpenCalls();
    if (original.role === "user") {
      repaired.push(original);
      continue;
    }
    let message = normalizeAssistantContent(original);
    if (message.stopReason === "error" || message.stopReason === "aborted") {
      // An interrupted turn keeps its text but not its unfinished tool calls.
      message = { ...message, content: message.content.filter((p) => p.type !== "toolCall") };
      if (!hasContent(message)) continue;
    }
    if (options.dropThinking) {
      message = {
        ...message,
        content: message.content.flatMap((part) =>
          part.type === "thinking"
            ? part.redacted || part.thinking.trim() === ""
              ? []
              : [{ type: "text" as const, text: part.thinking }]
            : [part],
        ),
      };
    }
    repaired.push(message);
    openCalls = message.content.flatMap((p) =>
      p.type === "toolCall" ? [{ id: p.id, name: p.name }] : [],
    );
  }
  closeOpenCalls();
  return repaired;
}
