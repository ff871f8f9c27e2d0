import type { Message } from "@gong/llm";

/** A message's text on one line, cut to `width` characters (pickers, the tree). */
export function messagePreview(message: Message, width: number): string {
  return oneLine(messageText(message), width);
}

/** The text parts of a message, joined; tool calls as their names. */
export function messageText(message: Message): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((part) => {
      if (part.type === "text") return part.text;
      if (part.type === "toolCall") return `[${part.name}]`;
      if (part.type === "image") return "[image]";
      return "";
    })
    .filter((text) => text !== "")
    .join(" ");
}

/** Whitespace runs become one space; longer than `width` ends in "…". */
export function oneLine(text: string, width: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > width ? `${flat.slice(0, Math.max(0, width - 1))}…` : flat;
}
