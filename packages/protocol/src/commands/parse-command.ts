/**
 * A line of the JSON-lines protocol becomes a typed command or an error naming what is
 * wrong, never an exception; each command's schema (command-schemas.ts) says what fits.
 */
import type { TLiteral, TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { type CommandId, CommandIdSchema } from "./command-schemas.js";
import { type Command, type CommandSet, RPC_COMMANDS } from "./command-set.js";

/** A line that is not a valid command: what the error response says. */
export interface CommandError {
  /** The command's `type` when it had a string one, else `parse`. */
  command: string;
  id?: CommandId;
  error: string;
}

export type ParsedLine = { ok: true; command: Command } | ({ ok: false } & CommandError);

/** `commands`: the set the session takes (gong-rpc's unless said). */
export function parseCommandLine(line: string, commands: CommandSet = RPC_COMMANDS): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { ok: false, command: "parse", error: `invalid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return {
      ok: false,
      command: "parse",
      error: 'a command is a JSON object with a "type", e.g. {"type":"get_state"}',
    };
  }
  const object = value as Record<string, unknown>;
  const id = object.id;
  if (id !== undefined && !Value.Check(CommandIdSchema, id)) {
    return {
      ok: false,
      command: commandName(object),
      error: `"id" must be a string or a number (got ${kindOf(id)})`,
    };
  }
  const withId = id === undefined ? {} : { id };
  if (typeof object.type !== "string") {
    return {
      ok: false,
      command: "parse",
      ...withId,
      error: 'missing "type": a string naming the command',
    };
  }
  const schema = commands.schemas.get(object.type);
  if (!schema) {
    return {
      ok: false,
      command: object.type,
      ...withId,
      error: `unknown command type "${object.type}"; known: ${[...commands.schemas.keys()].join(", ")}`,
    };
  }
  for (const [name, field] of Object.entries(schema.properties)) {
    if (name === "type" || name === "id") continue;
    const required = schema.required?.includes(name) ?? false;
    const problem = fieldProblem(object[name], field, required);
    if (problem)
      return { ok: false, command: object.type, ...withId, error: `"${name}" ${problem}` };
  }
  return { ok: true, command: object as Command };
}

/** What is wrong with one field's value, in words that name the kind expected. */
function fieldProblem(value: unknown, schema: TSchema, required: boolean): string | undefined {
  if (value === undefined) return required ? "is required" : undefined;
  // `as unknown`: the check must not narrow `value`, which the messages below describe.
  if (Value.Check(schema, value as unknown)) return undefined;
  const choices = schema.anyOf as TLiteral[] | undefined;
  if (choices) {
    const quoted = choices.map((choice) => `"${choice.const}"`).join(", ");
    return `must be one of ${quoted} (got ${JSON.stringify(value)})`;
  }
  if (schema.type === "array") {
    const item = schema.items as TSchema;
    if (!Array.isArray(value)) return `must be an array of ${item.title}s (got ${kindOf(value)})`;
    const wrong = value.findIndex((element) => !Value.Check(item, element));
    return `[${wrong}] must be ${item.description}`;
  }
  return `must be a ${schema.type} (got ${kindOf(value)})`;
}

function commandName(object: Record<string, unknown>): string {
  return typeof object.type === "string" ? object.type : "parse";
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
