/**
 * Parameter validation against a tool's TypeBox schema. The model sends whatever it
 * likes (`path: 42`, `command: null`, Pi bug #1259); a wrong shape must become an
 * `INVALID_PARAM` envelope that names each field, never an exception.
 */
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

export interface FieldError {
  /** Dotted field name (`path`, `edits.0.oldText`), or `(parameters)` for the whole object. */
  field: string;
  message: string;
}

function fieldName(pointer: string): string {
  const name = pointer.replace(/^\//, "").replace(/\//g, ".");
  return name === "" ? "(parameters)" : name;
}

function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `a string`;
  return `${typeof value} ${JSON.stringify(value)?.slice(0, 40) ?? ""}`.trim();
}

/** Field errors of `value` against `schema`; empty when it is valid. One per field. */
export function validateParams(schema: TSchema, value: unknown): FieldError[] {
  if (Value.Check(schema, value)) return [];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(schema, value)) {
    const field = fieldName(error.path);
    if (seen.has(field)) continue;
    seen.add(field);
    const got = error.value === undefined ? "missing" : `got ${describeValue(error.value)}`;
    errors.push({ field, message: `${error.message} (${got})` });
  }
  return errors;
}
