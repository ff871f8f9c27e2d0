/**
 * An assistant message stored as what changed since the previous assistant message of
 * its branch (docs/architecture.md, "The session file"): its `api`, `provider`, `model`,
 * `stopReason` and most of its `usage` repeat from call to call, and were a third of an
 * assistant line. The line says so with `"likePrevious": true`; loading takes every key
 * it leaves out from the nearest assistant message up the parent chain. Found by the
 * chain, not by id, the reference survives a fork or re-chained ids, as details-delta.ts.
 */
import { isDeepStrictEqual } from "node:util";
import { isRecord } from "@gong/base";
import { type AssistantMessage, emptyUsage } from "@gong/llm";
import { changedSince, withPrevious } from "./details-delta.js";
import type { MessageEntry, SessionEntry } from "./entries.js";

type JsonObject = Record<string, unknown>;

const KEY = "likePrevious";

/** Written on every line, whatever the previous message holds: what a reader needs first. */
const ALWAYS_WRITTEN = new Set(["role", "content", "timestamp"]);

/** How far up the chain the previous assistant message is looked for: O(1) per line. */
const SEARCH_DEPTH = 16;

/** The nearest assistant message above `parentId`, among the entries known so far. */
function previousAssistant(
  get: (id: string) => SessionEntry | undefined,
  parentId: string | null,
): AssistantMessage | undefined {
  let id = parentId;
  for (let step = 0; id !== null && step < SEARCH_DEPTH; step++) {
    const entry = get(id);
    if (!entry) return undefined;
    if (entry.type === "message" && entry.message.role === "assistant") {
      return entry.message;
    }
    id = entry.parentId;
  }
  return undefined;
}

/**
 * The record written for an assistant message entry: only the keys that differ from
 * the previous assistant message's (objects key by key), when that gives the message
 * back exactly; otherwise the entry as it is.
 */
export function toStoredAssistant(
  entry: MessageEntry,
  get: (id: string) => SessionEntry | undefined,
): JsonObject {
  const previous = previousAssistant(get, entry.parentId);
  if (!previous) return { ...entry };
  const message = entry.message as unknown as JsonObject;
  const changed = changedSince(message, previous as unknown as JsonObject);
  if (!changed) return { ...entry };
  const stored: JsonObject = {};
  for (const key of Object.keys(message)) {
    if (ALWAYS_WRITTEN.has(key)) stored[key] = message[key];
    else if (key in changed) stored[key] = changed[key];
  }
  const record = { ...entry, message: stored, [KEY]: true };
  // A key the previous message has and this one lacks would come back: written whole.
  const rebuilt = fromStoredAssistant(record, get);
  return isDeepStrictEqual(rebuilt?.message, entry.message) ? record : { ...entry };
}

/**
 * A stored record (`isStoredAssistant`) back to the entry as it was appended. When the
 * previous message was lost (a corrupt line) the content still loads, with empty
 * `api` / `provider` / `model` and zero usage, so the tool calls in it keep their results.
 */
export function fromStoredAssistant(
  raw: JsonObject,
  get: ((id: string) => SessionEntry | undefined) | undefined,
): JsonObject | undefined {
  const { [KEY]: like, ...entry } = raw;
  if (like !== true || !isRecord(entry.message)) return undefined;
  const parentId = typeof entry.parentId === "string" ? entry.parentId : null;
  const previous = get && previousAssistant(get, parentId);
  const base = previous ? (previous as unknown as JsonObject) : lostPrevious(entry.message);
  return { ...entry, message: withPrevious(base, entry.message) };
}

/** What stands in for a lost previous message: nothing known, the stop reason its content shows. */
function lostPrevious(message: JsonObject): JsonObject {
  const calls = Array.isArray(message.content) && message.content.some(isToolCall);
  const stopReason = calls ? "toolUse" : "stop";
  return { api: "", provider: "", model: "", usage: emptyUsage(), stopReason };
}

const isToolCall = (part: unknown) => isRecord(part) && part.type === "toolCall";

/** Whether a line is stored against the previous assistant message (every older line is not). */
export const isStoredAssistant = (raw: JsonObject): boolean => raw[KEY] !== undefined;
