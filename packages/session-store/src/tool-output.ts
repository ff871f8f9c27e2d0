/**
 * Each tool output is stored once (ARCHITECTURE §6). A toolResult's `details` (the tool
 * envelope) repeats the model-visible text in `text` and often in a `data` field
 * (`content` of a read, `preview` of a spilled output): a 40 KB read took 120 KB on disk.
 * On disk, an envelope string that is a prefix of the content's text is left out and its
 * length recorded under `detailsFromContent`; loading cuts it back from the text. A
 * line without that key (every file written before) is loaded as it is.
 */
import { isRecord, type ToolResultMessage } from "@gong/llm";
import type { MessageEntry } from "./entries.js";

/** Which envelope strings a stored line left out: the length of each as a text prefix. */
interface DetailsFromContent {
  text?: number;
  data?: Record<string, number>;
}

const KEY = "detailsFromContent";

type JsonObject = Record<string, unknown>;

/** What the model reads: the text parts of the content. */
function contentText(message: { content?: unknown }): string | undefined {
  if (!Array.isArray(message.content)) return undefined;
  return message.content
    .filter((part): part is { type: "text"; text: string } => part?.type === "text")
    .map((part) => part.text)
    .join("");
}

/** The length of `value` when it is a non-empty prefix of `text`. */
function prefixLength(value: unknown, text: string): number | undefined {
  return typeof value === "string" && value !== "" && text.startsWith(value)
    ? value.length
    : undefined;
}

/** The record written for a message entry: tool output strings only once. */
export function toStoredMessage(entry: MessageEntry): JsonObject {
  const message = entry.message;
  if (message.role !== "toolResult" || !isRecord(message.details)) return { ...entry };
  const text = contentText(message);
  if (text === undefined) return { ...entry };
  const derived: DetailsFromContent = {};
  const details: JsonObject = { ...message.details };
  const textLength = prefixLength(details.text, text);
  if (textLength !== undefined) {
    derived.text = textLength;
    delete details.text;
  }
  if (isRecord(details.data)) {
    const data: JsonObject = { ...details.data };
    for (const [key, value] of Object.entries(data)) {
      const length = prefixLength(value, text);
      if (length === undefined) continue;
      derived.data = { ...derived.data, [key]: length };
      delete data[key];
    }
    details.data = data;
  }
  if (derived.text === undefined && derived.data === undefined) return { ...entry };
  const stored: ToolResultMessage = { ...message, details };
  return { ...entry, message: stored, [KEY]: derived };
}

/**
 * A stored message record back to the entry as it was in memory; `undefined` when the
 * recorded lengths do not fit the text (a line edited by hand).
 */
export function fromStoredMessage(raw: JsonObject): JsonObject | undefined {
  const { [KEY]: derived, ...entry } = raw;
  if (derived === undefined) return raw;
  const message = entry.message as JsonObject;
  const text = contentText(message);
  if (!isRecord(derived) || text === undefined) return undefined;
  const cut = (length: unknown) =>
    Number.isInteger(length) && (length as number) > 0 && (length as number) <= text.length
      ? text.slice(0, length as number)
      : undefined;
  const details: JsonObject = isRecord(message.details) ? { ...message.details } : {};
  if (derived.text !== undefined) {
    const value = cut(derived.text);
    if (value === undefined) return undefined;
    details.text = value;
  }
  if (derived.data !== undefined) {
    if (!isRecord(derived.data)) return undefined;
    const data: JsonObject = isRecord(details.data) ? { ...details.data } : {};
    for (const [key, length] of Object.entries(derived.data)) {
      const value = cut(length);
      if (value === undefined) return undefined;
      data[key] = value;
    }
    details.data = data;
  }
  return { ...entry, message: { ...message, details } };
}
