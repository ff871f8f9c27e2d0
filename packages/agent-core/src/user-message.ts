import type { ImageContent, Message } from "@gong/llm";

/** What a prompt, steer or follow-up becomes: a message is kept as it is. */
export function toUserMessage(input: string | Message, images: ImageContent[] = []): Message {
  if (typeof input !== "string") return input;
  if (images.length === 0) return { role: "user", content: input, timestamp: Date.now() };
  return {
    role: "user",
    content: [{ type: "text", text: input }, ...images],
    timestamp: Date.now(),
  };
}
