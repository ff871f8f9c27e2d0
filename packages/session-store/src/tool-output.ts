/**
 * Each tool output is stored once (ARCHITECTURE §6). A toolResult's `details` (the tool
 * envelope) repeats the model-visible text in `text` and often in a `data` field
 * (`content` of a read, `preview` of a spilled output): a 40 KB read took 120 KB on disk.
 * On disk, an envelope string that is a prefix of the content's text is left out and its
 * length recorded under `detailsFromContent`; loading cuts it back from the text. The
 * envelope's `context.params_input` repeats the arguments of the call it answers (a
 * 5 MB `write` was on disk twice, data-loss.test.ts): when it is equal to them it is left
 * out too (`params: true`) and taken back from the call on load; so is `data.images`
 * when it holds the content's images (`images: true`: a read image was on disk twice as
 * base64). A line without that key (every file written before) is loaded as it is.
 */
import { isRecord } from "@gong/base";
import type { ToolResultMessage } from "@gong/llm";
import type { MessageEntry, SessionEntry } from "./entries.js";

/** Which envelope strings a stored line left out: the length of each as a text prefix. */
interface DetailsFromContent {
  text?: number;
  data?: Record<string, number>;
  /** `context.params_input` equals the arguments of the tool call. */
  params?: true;
  /** `data.images` equals the content's images. */
  images?: true;
}

/**
 * The arguments of the call a tool result answers: in the nearest assistant message
 * above the result (parallel calls' results, and entries such as checkpoints, may lie
 * between them; a user message means the call is not there).
 */
export type CallArguments = (parentId: string | null, toolCallId: string) => unknown;

/** A lookup over the entries known so far (the index, or the entries being written). */
export function callArgumentsIn(get: (id: string) => SessionEntry | undefined): CallArguments {
  return (parentId, toolCallId) => {
    for (let id = parentId; id !== null; ) {
      const entry = get(id);
      if (!entry) return undefined;
      if (entry.type === "message" && entry.message.role === "user") return undefined;
      if (entry.type === "message" && entry.message.role === "assistant") {
        const call = entry.message.content.find(
          (part) => part.type === "toolCall" && part.id === toolCallId,
        );
        return call?.type === "toolCall" ? call.arguments : undefined;
      }
      id = entry.type === "label" || entry.type === "leaf" ? null : entry.parentId;
    }
    return undefined;
  };
}

/**
 * `details.context` with `params_input` emptied (`null`, so the keys keep their order)
 * when it equals the call's arguments.
 */
function withoutCallParams(details: JsonObject, callArguments: unknown): JsonObject | undefined {
  const context = details.context;
  if (!isRecord(context) || context.params_input === undefined || callArguments === undefined) {
    return undefined;
  }
  if (JSON.stringify(context.params_input) !== JSON.stringify(callArguments)) return undefined;
  return { ...context, params_input: null };
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

/** The image parts of the content, as a tool's `data.images` holds them. */
function contentImages(message: { content?: unknown }): unknown[] {
  if (!Array.isArray(message.content)) return [];
  return message.content.filter((part) => part?.type === "image");
}

/** The length of `value` when it is a non-empty prefix of `text`. */
function prefixLength(value: unknown, text: string): number | undefined {
  return typeof value === "string" && value !== "" && text.startsWith(value)
    ? value.length
    : undefined;
}

/** The record written for a message entry: tool output strings only once. */
export function toStoredMessage(entry: MessageEntry, callArguments?: CallArguments): JsonObject {
  const message = entry.message;
  if (message.role !== "toolResult" || !isRecord(message.details)) return { ...entry };
  const text = contentText(message);
  if (text === undefined) return { ...entry };
  const derived: DetailsFromContent = {};
  const details: JsonObject = { ...message.details };
  const context = withoutCallParams(details, callArguments?.(entry.parentId, message.toolCallId));
  if (context) {
    details.context = context;
    derived.params = true;
  }
  const textLength = prefixLength(details.text, text);
  if (textLength !== undefined) {
    derived.text = textLength;
    delete details.text;
  }
  if (isRecord(details.data)) {
    const data: JsonObject = { ...details.data };
    const images = contentImages(message);
    if (images.length > 0 && JSON.stringify(data.images) === JSON.stringify(images)) {
      // `null`, not deleted: the keys keep their order.
      data.images = null;
      derived.images = true;
    }
    for (const [key, value] of Object.entries(data)) {
      const length = prefixLength(value, text);
      if (length === undefined) continue;
      derived.data = { ...derived.data, [key]: length };
      delete data[key];
    }
    details.data = data;
  }
  if (
    derived.text === undefined &&
    derived.data === undefined &&
    !derived.params &&
    !derived.images
  ) {
    return { ...entry };
  }
  const stored: ToolResultMessage = { ...message, details };
  return { ...entry, message: stored, [KEY]: derived };
}

/**
 * A stored message record back to the entry as it was in memory; `undefined` when the
 * recorded lengths do not fit the text (a line edited by hand).
 */
export function fromStoredMessage(
  raw: JsonObject,
  callArguments?: CallArguments,
): JsonObject | undefined {
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
  if (derived.images === true && isRecord(details.data)) {
    const images = contentImages(message).map((part) => ({ ...(part as JsonObject) }));
    details.data = { ...details.data, images };
  }
  // The call's own entry was lost (a corrupt line): the result still loads, without the
  // copy of its arguments, rather than be dropped and leave the call unanswered.
  const params =
    derived.params === true && isRecord(details.context)
      ? callArguments?.(
          typeof entry.parentId === "string" ? entry.parentId : null,
          String(message.toolCallId),
        )
      : undefined;
  if (params !== undefined)
    details.context = { ...(details.context as JsonObject), params_input: params };
  return { ...entry, message: { ...message, details } };
}
