/**
 * Reading lines written with cross-line deltas (files written before every line stood
 * alone, docs/architecture.md "The session file"). Nothing writes them any more; they
 * load as they always did:
 * - a tool result with `"like": true` under `detailsFromContent` held only what changed
 *   since the previous result of the same tool (`details` left out when nothing did);
 * - an assistant line with `"likePrevious": true` held only the keys that differed from
 *   the previous assistant message (`api`, `provider`, `model`, `stopReason`, `usage`);
 * - a tool result with `"params": true` held `context.params_input: null` where it was
 *   the arguments of its call.
 * Both previous lines are the nearest ones up the parent chain, within 16 entries.
 */
import { isRecord } from "@gong/base";
import { emptyUsage } from "@gong/llm";
import type { SessionEntry } from "./entries.js";

type JsonObject = Record<string, unknown>;

/** The `details` of the previous result of `toolName` above `parentId`, if there is one. */
export type PreviousDetails = (parentId: string | null, toolName: string) => JsonObject | undefined;

/** How far up the chain a previous line was looked for when it was written. */
const SEARCH_DEPTH = 16;

/** A lookup over the entries known so far (the index, or the entries being written). */
export function previousDetailsIn(get: (id: string) => SessionEntry | undefined): PreviousDetails {
  return (parentId, toolName) => {
    let id = parentId;
    for (let step = 0; id !== null && step < SEARCH_DEPTH; step++) {
      const entry = get(id);
      if (!entry || entry.type === "label" || entry.type === "leaf") return undefined;
      if (entry.type === "message" && entry.message.role === "toolResult") {
        const { toolName: name, details } = entry.message;
        if (name === toolName) return isRecord(details) ? details : undefined;
      }
      id = entry.parentId;
    }
    return undefined;
  };
}

/**
 * `previous` with the `changed` values put in, keys in `previous`'s order, new ones after.
 * What did not change is shared with `previous`, never copied: a kept message is never
 * edited in place (every rule that changes one makes a new object).
 */
export function withPrevious(previous: JsonObject, changed: JsonObject): JsonObject {
  const rebuilt: JsonObject = { ...previous };
  // Keys, not entries: no pair array per key on a path every loaded line may take.
  for (const key of Object.keys(changed)) {
    const value = changed[key];
    const before = rebuilt[key];
    rebuilt[key] = isRecord(value) && isRecord(before) ? withPrevious(before, value) : value;
  }
  return rebuilt;
}

/**
 * The arguments of the call a tool result answers: in the nearest assistant message
 * above the result (parallel calls' results, and entries such as checkpoints, may lie
 * between them; a user message means the call is not there).
 */
export type CallArguments = (parentId: string | null, toolCallId: string) => unknown;

/** What a line of an older file may refer to: the entries loaded before it. */
export interface EarlierEntries {
  /** The arguments a `params: true` result left out. */
  callArguments: CallArguments;
  /** Reading older files: the envelope a `like` line was stored against (delta-lines.ts). */
  previousDetails: PreviousDetails;
  /** An entry by id (reading older files: the message a `likePrevious` line was stored against). */
  entry: (id: string) => SessionEntry | undefined;
}

export function earlierEntriesIn(get: (id: string) => SessionEntry | undefined): EarlierEntries {
  return {
    callArguments: callArgumentsIn(get),
    previousDetails: previousDetailsIn(get),
    entry: get,
  };
}

function callArgumentsIn(get: (id: string) => SessionEntry | undefined): CallArguments {
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
      id =
        entry.type === "label" || entry.type === "leaf" || entry.type === "checkpoint"
          ? null
          : entry.parentId;
    }
    return undefined;
  };
}

const LIKE_PREVIOUS = "likePrevious";

/** Whether a line is an assistant message stored against the previous one. */
export const isStoredAssistant = (raw: JsonObject): boolean => raw[LIKE_PREVIOUS] !== undefined;

/** The nearest assistant message above `parentId`, among the entries known so far. */
function previousAssistant(
  get: (id: string) => SessionEntry | undefined,
  parentId: string | null,
): JsonObject | undefined {
  let id = parentId;
  for (let step = 0; id !== null && step < SEARCH_DEPTH; step++) {
    const entry = get(id);
    if (!entry) return undefined;
    if (entry.type === "message" && entry.message.role === "assistant") {
      return entry.message as unknown as JsonObject;
    }
    id = entry.parentId;
  }
  return undefined;
}

/**
 * A `likePrevious` line back to the entry as it was appended. When the previous message
 * was lost (a corrupt line) the content still loads, with empty `api` / `provider` /
 * `model` and zero usage, so the tool calls in it keep their results.
 */
export function fromStoredAssistant(
  raw: JsonObject,
  get: ((id: string) => SessionEntry | undefined) | undefined,
): JsonObject | undefined {
  const { [LIKE_PREVIOUS]: like, ...entry } = raw;
  if (like !== true || !isRecord(entry.message)) return undefined;
  const parentId = typeof entry.parentId === "string" ? entry.parentId : null;
  const previous = get && previousAssistant(get, parentId);
  return {
    ...entry,
    message: withPrevious(previous ?? lostPrevious(entry.message), entry.message),
  };
}

/** What stands in for a lost previous message: nothing known, the stop reason its content shows. */
function lostPrevious(message: JsonObject): JsonObject {
  const calls = Array.isArray(message.content) && message.content.some(isToolCall);
  const stopReason = calls ? "toolUse" : "stop";
  return { api: "", provider: "", model: "", usage: emptyUsage(), stopReason };
}

const isToolCall = (part: unknown) => isRecord(part) && part.type === "toolCall";
