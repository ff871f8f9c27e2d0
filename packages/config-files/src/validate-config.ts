/**
 * The one validation step of every configuration file Gong reads (settings.json, the
 * hooks in it, models.json, SKILL.md front matter): a TypeBox schema and the parsed
 * value in, the valid part and one issue per problem out — each with the line and
 * column where it was written. A wrong value never stops a file from loading: the key
 * or list entry that holds it is dropped and named, everything else is kept.
 */

import { isRecord } from "@gong/base";
import { Kind, type TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { MAX_CONFIG_DEPTH, NESTED_TOO_DEEP } from "./depth.js";
import type { ConfigPosition } from "./position.js";

/** Keys and list indexes from the root of the file, e.g. `["hooks", "PreToolUse", 0]`. */
export type ConfigPath = (string | number)[];

/** Where `path` was written: its value, or its key (for an unknown or misplaced key). */
export type Locate = (path: ConfigPath, part: "key" | "value") => ConfigPosition;

export interface ConfigIssue extends ConfigPosition {
  path: ConfigPath;
  /** What is wrong and what was done about it, e.g. `"preset" must be one of ...; the key was ignored`. */
  message: string;
}

export interface ValidatedConfig {
  /** The value without the keys and entries that had problems. */
  value: unknown;
  issues: ConfigIssue[];
}

/**
 * Schema options this validator reads besides JSON Schema's own:
 * `expected` — how to say what a value must be when the schema's kind says it badly
 * (a string format such as a regular expression).
 */
export interface ConfigSchemaOptions {
  expected?: string;
}

/** Validates `value` against `schema`, dropping what does not fit (see the file comment). */
export function validateConfig(schema: TSchema, value: unknown, locate: Locate): ValidatedConfig {
  const issues: ConfigIssue[] = [];
  const report = (path: ConfigPath, part: "key" | "value", message: string) =>
    issues.push({ path, ...locate(path, part), message });
  const kept = walk(schema, value, [], report);
  return { value: kept.ok ? kept.value : undefined, issues };
}

type Report = (path: ConfigPath, part: "key" | "value", message: string) => void;
type Kept = { ok: true; value: unknown } | { ok: false };

/** `outcome` says what is dropped when `value` itself does not fit (default: its key or entry). */
function walk(
  schema: TSchema,
  value: unknown,
  path: ConfigPath,
  report: Report,
  outcome = dropped(path),
): Kept {
  if (value === NESTED_TOO_DEEP) {
    report(
      path,
      "value",
      `${name(path)} is nested more than ${MAX_CONFIG_DEPTH} levels deep; ${outcome}`,
    );
    return { ok: false };
  }
  const kind = schema[Kind];
  if (kind === "Object" && isRecord(value)) return walkObject(schema, value, path, report);
  if (kind === "Record" && isRecord(value)) {
    const [item] = Object.values(schema.patternProperties ?? {}) as TSchema[];
    // A null prototype while filling: a key named "__proto__" (an MCP server's name)
    // stays a plain key instead of setting the prototype (mcp-add.test.ts).
    const out: Record<string, unknown> = Object.create(null);
    for (const [key, entry] of Object.entries(value)) {
      const kept = item
        ? walk(item, entry, [...path, key], report)
        : { ok: true as const, value: entry };
      if (kept.ok) out[key] = kept.value;
    }
    return { ok: true, value: { ...out } };
  }
  if (kind === "Array" && Array.isArray(value) && schema.items) {
    const out: unknown[] = [];
    value.forEach((entry, index) => {
      const kept = walk(schema.items as TSchema, entry, [...path, index], report);
      if (kept.ok) out.push(kept.value);
    });
    return { ok: true, value: out };
  }
  if (Value.Check(schema, value)) return { ok: true, value };
  report(
    path,
    "value",
    `${name(path)} must be ${expected(schema)} (found ${describe(value)}); ${outcome}`,
  );
  return { ok: false };
}

function walkObject(
  schema: TSchema,
  value: Record<string, unknown>,
  path: ConfigPath,
  report: Report,
): Kept {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const extra = schema.additionalProperties as TSchema | boolean | undefined;
  const required = (schema.required ?? []) as string[];
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, entry] of Object.entries(value)) {
    const child = Object.hasOwn(properties, key)
      ? properties[key]
      : typeof extra === "object"
        ? extra
        : undefined;
    if (child === undefined) {
      if (extra === false) {
        const known = Object.keys(properties).join(", ");
        report(
          [...path, key],
          "key",
          `unknown key ${name([...path, key])} (known: ${known}); ${dropped([...path, key])}`,
        );
      } else out[key] = entry;
      continue;
    }
    // Without a valid required key the whole entry is unusable: one warning says so.
    if (required.includes(key)) {
      const kept = walk(child, entry, [...path, key], report, dropped(path));
      if (!kept.ok) return { ok: false };
      out[key] = kept.value;
      continue;
    }
    const kept = walk(child, entry, [...path, key], report);
    if (kept.ok) out[key] = kept.value;
  }
  const missing = required.filter((key) => !Object.hasOwn(out, key));
  if (missing.length > 0) {
    const where = path.length === 0 ? "the file" : name(path);
    report(
      path,
      path.length === 0 ? "value" : "key",
      `${where} needs ${missing.map((k) => `"${k}"`).join(" and ")}; ${dropped(path)}`,
    );
    return { ok: false };
  }
  return { ok: true, value: { ...out } };
}

/** `"preset"`, `"hooks.PreToolUse[0].matcher"`. */
function name(path: ConfigPath): string {
  if (path.length === 0) return "the file";
  let text = "";
  for (const part of path)
    text += typeof part === "number" ? `[${part}]` : text ? `.${part}` : part;
  return `"${text}"`;
}

function dropped(path: ConfigPath): string {
  if (path.length === 0) return "the file was ignored";
  return typeof path[path.length - 1] === "number"
    ? "the entry was ignored"
    : "the key was ignored";
}

/** What a schema accepts, in words. */
function expected(schema: TSchema): string {
  const custom = (schema as ConfigSchemaOptions).expected;
  if (custom) return custom;
  switch (schema[Kind]) {
    case "Literal":
      return JSON.stringify(schema.const);
    case "Union": {
      const options = (schema.anyOf as TSchema[]) ?? [];
      if (options.every((option) => option[Kind] === "Literal")) {
        return `one of ${options.map((option) => JSON.stringify(option.const)).join(", ")}`;
      }
      return options.map(expected).join(" or ");
    }
    case "String":
      return "a string";
    case "Boolean":
      return "true or false";
    case "Number":
    case "Integer":
      return numberRange(schema);
    case "Array":
      return `an array of ${plural(expected(schema.items as TSchema))}`;
    case "Object":
    case "Record":
      return "an object";
    default:
      return "a valid value";
  }
}

function numberRange(schema: TSchema): string {
  const what = schema[Kind] === "Integer" ? "a whole number" : "a number";
  const { minimum, maximum, exclusiveMinimum } = schema as Record<string, number | undefined>;
  if (minimum !== undefined && maximum !== undefined)
    return `${what} from ${minimum} to ${maximum}`;
  if (exclusiveMinimum !== undefined) return `${what} greater than ${exclusiveMinimum}`;
  if (minimum !== undefined) return `${what} of at least ${minimum}`;
  if (maximum !== undefined) return `${what} of at most ${maximum}`;
  return what;
}

function plural(description: string): string {
  return description.replace(/^an? (\w+)/, (_, noun: string) => `${noun}s`);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (isRecord(value)) return "an object";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
