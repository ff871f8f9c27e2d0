import type { Message } from "@gong/llm";

/** The steering and follow-up messages a run has not taken yet. */
export interface QueuedMessages {
  steering: Message[];
  followUp: Message[];
}

/** What the user typed for a queued message: its text parts (an image has none). */
export function queuedMessageText(message: Message): string {
  if (message.role !== "user") return "";
  if (typeof message.content === "string") return message.content;
  return message.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}
