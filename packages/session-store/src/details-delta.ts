/**
 * A tool envelope stored as what changed since the previous result of the same tool:
 * most of an envelope repeats from call to call (a bash result's `exit_code: 0`,
 * `signal: null`, `timed_out: false`, its `context.cwd`…), and it was most of a session
 * file. The previous result is the nearest one of the same tool on the parent chain, so
 * the reference survives copying a branch (fork) or re-chaining entries with new ids.
 */
import { isRecord } from "@gong/base";
import type { SessionEntry } from "./entries.js";

type JsonObject = Record<string, unknown>;

/** The `details` of the previous result of `toolName` above `parentId`, if there is one. */
export type PreviousDetails = (parentId: string | null, toolName: string) => JsonObject | undefined;

/** How far up the chain a previous result is looked for: the lookup stays O(1) per line. */
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

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The values of `details` that differ from `previous`, objects compared key by key;
 * what is left out is taken back from `previous` on load (`withPrevious`). `undefined`
 * when a difference cannot be written: a value `undefined` (JSON drops the key) where
 * `previous` has one.
 */
export function changedSince(details: JsonObject, previous: JsonObject): JsonObject | undefined {
  const changed: JsonObject = {};
  for (const [key, value] of Object.entries(details)) {
    const before = previous[key];
    if (isRecord(value) && isRecord(before)) {
      const inner = changedSince(value, before);
      if (!inner) return undefined;
      if (Object.keys(inner).length > 0) changed[key] = inner;
    } else if (value === undefined) {
      if (before !== undefined) return undefined;
    } else if (!(key in previous) || !same(value, before)) {
      changed[key] = value;
    }
  }
  return changed;
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
