/**
 * Each tool output is stored once, inside its own line (docs/architecture.md, "The
 * session file"). A toolResult's `details` (the tool envelope) repeats the model-visible
 * text in `text` and often in a `data` field (`content` of a read, `preview` of a spilled
 * output): a 40 KB read took 120 KB on disk. On disk, an envelope string that is a prefix
 * of the content's text is left out and its length recorded under `detailsFromContent`;
 * loading cuts it back from the text. A data string found later in the text (an edit's
 * `diff`) is stored as its place in the text, `[offset, length]`; grep's `matches` as
 * `"lines"`, rebuilt from the text's `file:line: text` lines; `data.images` holding the
 * content's images as `images: true`. Every reference reads back with jq as well (the
 * README's expression): one is written only where jq's code-point offsets are the
 * same as JavaScript's (no character outside the BMP before its end), or the string is
 * the whole text. Every stored form is decoded again before it is written, and a message
 * it would not give back exactly is written whole. A line without that key is loaded as
 * it is; the references of older files to other lines (`params`, `like`) load through
 * delta-lines.ts.
 */
import { isDeepStrictEqual } from "node:util";
import { isRecord } from "@gong/base";
import type { ToolResultMessage } from "@gong/llm";
import { type EarlierEntries, withPrevious } from "./delta-lines.js";
import type { MessageEntry } from "./entries.js";

/**
 * Where a left-out `data` value is in the text: a prefix's length, a substring's
 * `[offset, length]`, or `"lines"` for grep matches rendered as `file:line: text` lines.
 */
type DataReference = number | [number, number] | "lines";

/** Which envelope strings a stored line left out, and where the text holds them. */
interface DetailsFromContent {
  text?: number;
  data?: Record<string, DataReference>;
  /** Older files only: `context.params_input` was the arguments of the tool call, left out. */
  params?: true;
  /** `data.images` equals the content's images. */
  images?: true;
  /** Older files only: `details` holds what changed since the previous result of the tool. */
  like?: true;
}

const KEY = "detailsFromContent";

type JsonObject = Record<string, unknown>;

/** What the model reads: the text parts of the content. */
function contentText(message: { content?: unknown }): string | undefined {
  if (!Array.isArray(message.content)) return undefined;
  // Most results are one text part: its text, without the arrays of the general case.
  const [only] = message.content;
  if (message.content.length === 1 && only?.type === "text") return String(only.text);
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
  if (typeof value !== "string" || value === "" || !text.startsWith(value)) return undefined;
  return value === text || sameInJq(value) ? value.length : undefined;
}

/**
 * Whether offsets up to the end of `text` count the same in jq (code points) as in
 * JavaScript (UTF-16 units): no character outside the BMP, which takes two units.
 */
const sameInJq = (text: string): boolean => !/[\uD800-\uDFFF]/.test(text);

/** Below this a `[offset, length]` reference saves too little to be worth a lookup. */
const MIN_REFERENCED_LENGTH = 32;

/** Where the text holds a `data` value, if it does. */
function referenceTo(value: unknown, text: string): DataReference | undefined {
  const prefix = prefixLength(value, text);
  if (prefix !== undefined) return prefix;
  if (typeof value === "string" && value.length >= MIN_REFERENCED_LENGTH) {
    const offset = text.indexOf(value);
    const end = offset + value.length;
    if (offset > 0 && sameInJq(text.slice(0, end))) return [offset, value.length];
  }
  if (isGrepMatches(value)) return "lines";
  return undefined;
}

interface GrepMatch {
  file: string;
  line: number;
  text: string;
}

function isGrepMatches(value: unknown): value is GrepMatch[] {
  return Array.isArray(value) && value.length > 0 && value.every(isGrepMatch);
}

function isGrepMatch(value: unknown): value is GrepMatch {
  if (!isRecord(value) || Object.keys(value).length !== 3) return false;
  return (
    typeof value.file === "string" &&
    typeof value.line === "number" &&
    typeof value.text === "string"
  );
}

/** grep's match lines, `file:line: text`, read back out of its text. */
function grepMatchesIn(text: string): GrepMatch[] {
  const matches: GrepMatch[] = [];
  for (const line of text.split("\n")) {
    const match = /^(.+?):(\d+): (.*)$/s.exec(line);
    if (match) matches.push({ file: match[1]!, line: Number(match[2]), text: match[3]! });
  }
  return matches;
}

/** The value a reference points at in `text`; `undefined` when it does not fit. */
function dereference(reference: unknown, text: string): unknown {
  if (reference === "lines") return grepMatchesIn(text);
  const [offset, length] =
    typeof reference === "number" ? [0, reference] : Array.isArray(reference) ? reference : [];
  if (!Number.isInteger(offset) || !Number.isInteger(length)) return undefined;
  if (offset < 0 || length <= 0 || offset + length > text.length) return undefined;
  return text.slice(offset, offset + length);
}

/** The record written for a message entry: tool output strings only once. */
export function toStoredMessage(entry: MessageEntry): JsonObject {
  const message = entry.message;
  if (message.role !== "toolResult" || !isRecord(message.details)) return { ...entry };
  const text = contentText(message);
  if (text === undefined) return { ...entry };
  const { details, derived } = leftOut(message, message.details, text);
  if (Object.keys(derived).length === 0) return { ...entry };
  const record = { ...entry, message: withDetails(message, details), [KEY]: derived };
  // What a reader rebuilds must be the message itself (a grep line that reads back
  // differently, a key the rules would add): otherwise the message is written whole.
  const rebuilt = fromStoredMessage(record);
  if (isDeepStrictEqual(rebuilt?.message, message)) return record;
  return { ...entry };
}

/** `details` without what the line holds elsewhere, and where it is (see `DetailsFromContent`). */
function leftOut(
  message: ToolResultMessage,
  original: JsonObject,
  text: string,
): { details: JsonObject; derived: DetailsFromContent } {
  const derived: DetailsFromContent = {};
  const details: JsonObject = { ...original };
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
      const reference = referenceTo(value, text);
      if (reference === undefined) continue;
      derived.data = { ...derived.data, [key]: reference };
      delete data[key];
    }
    details.data = data;
  }
  return { details, derived };
}

/**
 * A stored message record back to the entry as it was in memory; `undefined` when the
 * recorded lengths do not fit the text (a line edited by hand).
 */
export function fromStoredMessage(
  raw: JsonObject,
  earlier?: EarlierEntries,
): JsonObject | undefined {
  // Checked first: most lines have no key, and are then not copied at all.
  if (raw[KEY] === undefined) return raw;
  const { [KEY]: derived, ...entry } = raw;
  const message = entry.message as JsonObject;
  const text = contentText(message);
  if (!isRecord(derived) || text === undefined) return undefined;
  const parentId = typeof entry.parentId === "string" ? entry.parentId : null;
  const stored: JsonObject = isRecord(message.details) ? message.details : {};
  let details: JsonObject = { ...stored };
  if (derived.like === true) {
    const previous = earlier?.previousDetails(parentId, String(message.toolName));
    // The previous result was lost (a corrupt line): the result loads, its envelope not.
    if (!previous) return { ...entry, message: withoutDetails(message) };
    details = withPrevious(previous, stored);
  }
  if (derived.text !== undefined) {
    if (typeof derived.text !== "number") return undefined;
    const value = dereference(derived.text, text);
    if (value === undefined) return undefined;
    details.text = value;
  }
  if (derived.data !== undefined) {
    if (!isRecord(derived.data)) return undefined;
    const data: JsonObject = isRecord(details.data) ? { ...details.data } : {};
    for (const [key, reference] of Object.entries(derived.data)) {
      const value = dereference(reference, text);
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
      ? earlier?.callArguments(parentId, String(message.toolCallId))
      : undefined;
  if (params !== undefined)
    details.context = { ...(details.context as JsonObject), params_input: params };
  return { ...entry, message: { ...message, details } };
}

function withoutDetails(message: JsonObject): JsonObject {
  const { details: _, ...rest } = message;
  return rest;
}

/** `message` with `details` replaced in its place, the other keys in order. */
function withDetails(message: ToolResultMessage, details: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(message))
    out[key] = key === "details" ? details : value;
  return out;
}
