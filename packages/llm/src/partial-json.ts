import { parse as parseIncomplete } from "partial-json";

/**
 * Parses tool-call arguments that are still streaming (seed 002 §12): a complete
 * document goes through `JSON.parse`; an incomplete one has its open strings, arrays
 * and objects closed and a trailing comma dropped. Anything that is not an object —
 * empty input, garbage, a bare array — gives `{}` so callers can always read fields.
 */
export function parsePartialJson(text: string): Record<string, unknown> {
  const trimmed = text?.trim();
  if (!trimmed) return {};
  // Only a document ending in `}` can be complete; skipping the doomed JSON.parse (and
  // its exception) on every partial delta keeps streaming cheap.
  if (trimmed.endsWith("}")) {
    try {
      return asObject(JSON.parse(trimmed));
    } catch {
      // incomplete after all (e.g. `{"a":{"b":1}`): fall through
    }
  }
  try {
    return asObject(parseIncomplete(trimmed));
  } catch {
    return {};
  }
}

/** Appends a streamed chunk and parses the whole buffer so far (PJSON-007). */
export function accumulatePartialJson(
  buffer: string,
  chunk: string,
): { buffer: string; value: Record<string, unknown> } {
  const next = buffer + chunk;
  return { buffer: next, value: parsePartialJson(next) };
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
