import type { AssistantMessage, Message, ToolResultMessage, UserMessage } from "../types.js";

/**
 * Coerces content to the documented shapes so nothing downstream calls `.filter` on a
 * string or null (Pi bug #1434): assistant and tool-result content become arrays,
 * user content stays a string or becomes an array, null becomes empty.
 */
export function normalizeContent(message: Message): Message {
  const content = message.content as unknown;
  switch (message.role) {
    case "user": {
      if (typeof content === "string" || Array.isArray(content)) return message;
      return { ...message, content: "" } satisfies UserMessage;
    }
    case "assistant": {
      if (Array.isArray(content)) return message;
      const text = typeof content === "string" ? content : "";
      return {
        ...message,
        content: text ? [{ type: "text", text }] : [],
      } satisfies AssistantMessage;
    }
    case "toolResult": {
      if (Array.isArray(content)) return message;
      const text = typeof content === "string" ? content : "";
      return { ...message, content: [{ type: "text", text }] } satisfies ToolResultMessage;
    }
    default:
      return message;
  }
}

/** True when an assistant message carries nothing a provider could replay. */
export function isEmptyAssistant(message: AssistantMessage): boolean {
  return message.content.every(
    (block) =>
      (block.type === "text" && block.text.trim() === "") ||
      (block.type === "thinking" && block.thinking.trim() === "" && !block.thinkingSignature),
  );
}
