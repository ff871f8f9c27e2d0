/**
 * A JSON object: not `null`, not an array. The one guard every package uses for parsed
 * JSON (settings, session lines, provider error bodies, tool envelopes).
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
