/**
 * A JSON object: not `null`, not an array. The one guard every package uses for parsed
 * JSON (settings, session lines, provider error bodies, tool envelopes); here because
 * llm is the lowest package that parses JSON of unknown shape.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
