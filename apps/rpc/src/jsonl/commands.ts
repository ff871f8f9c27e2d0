/**
 * The commands of the JSON-lines protocol (docs/rpc.md) and their validation: a line
 * becomes a typed command or an error naming what is wrong, never an exception.
 */
import {
  type AskUserAnswers,
  type ImageContent,
  THINKING_LEVELS,
  type ThinkingLevel,
} from "@gong/runtime";

export type CommandId = string | number;

export type Command = { id?: CommandId } & (
  | {
      type: "prompt";
      message: string;
      images?: ImageContent[];
      /** How to deliver the message while a run is in progress; without it, refused. */
      streamingBehavior?: "steer" | "followUp";
    }
  | { type: "steer"; message: string }
  | { type: "follow_up"; message: string }
  | { type: "abort" }
  | { type: "get_state" }
  | { type: "get_messages" }
  | { type: "set_model"; provider: string; modelId: string }
  | { type: "get_available_models" }
  | { type: "set_thinking_level"; level: ThinkingLevel }
  | { type: "compact"; customInstructions?: string }
  | { type: "set_auto_compaction"; enabled: boolean }
  | { type: "new_session" }
  | { type: "switch_session"; sessionPath: string }
  | { type: "fork"; entryId: string }
  | { type: "get_session_stats" }
  | { type: "export_html"; outputPath?: string; overwrite?: boolean }
  | { type: "bash"; command: string }
  | {
      type: "extension_ui_response";
      requestId: string;
      /** The answer to a `confirm` request. */
      confirmed?: boolean;
      /** The answers to an `ask_user` request (checked against the request it answers). */
      answers?: AskUserAnswers;
    }
);

export type CommandType = Command["type"];

/** A field's expected kind: a JSON type, a list of allowed strings, or images. */
type FieldKind = "string" | "boolean" | "object" | "images" | readonly string[];
type FieldSpec = { kind: FieldKind; optional?: boolean };

const required = (kind: FieldKind): FieldSpec => ({ kind });
const optional = (kind: FieldKind): FieldSpec => ({ kind, optional: true });

/** Every command and its fields; one table, so docs and checks cannot drift apart. */
export const COMMAND_FIELDS: Record<CommandType, Record<string, FieldSpec>> = {
  prompt: {
    message: required("string"),
    images: optional("images"),
    streamingBehavior: optional(["steer", "followUp"]),
  },
  steer: { message: required("string") },
  follow_up: { message: required("string") },
  abort: {},
  get_state: {},
  get_messages: {},
  set_model: { provider: required("string"), modelId: required("string") },
  get_available_models: {},
  set_thinking_level: { level: required(THINKING_LEVELS) },
  compact: { customInstructions: optional("string") },
  set_auto_compaction: { enabled: required("boolean") },
  new_session: {},
  switch_session: { sessionPath: required("string") },
  fork: { entryId: required("string") },
  get_session_stats: {},
  export_html: { outputPath: optional("string"), overwrite: optional("boolean") },
  bash: { command: required("string") },
  extension_ui_response: {
    requestId: required("string"),
    confirmed: optional("boolean"),
    answers: optional("object"),
  },
};

/** A line that is not a valid command: what the error response says. */
export interface CommandError {
  /** The command's `type` when it had a string one, else `parse`. */
  command: string;
  id?: CommandId;
  error: string;
}

export type ParsedLine = { ok: true; command: Command } | ({ ok: false } & CommandError);

export function parseCommandLine(line: string): ParsedLine {
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
  if (id !== undefined && typeof id !== "string" && typeof id !== "number") {
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
  const fields = COMMAND_FIELDS[object.type as CommandType];
  if (!fields || !Object.hasOwn(COMMAND_FIELDS, object.type)) {
    return {
      ok: false,
      command: object.type,
      ...withId,
      error: `unknown command type "${object.type}"; known: ${Object.keys(COMMAND_FIELDS).join(", ")}`,
    };
  }
  for (const [name, spec] of Object.entries(fields)) {
    const problem = checkField(object[name], spec);
    if (problem)
      return { ok: false, command: object.type, ...withId, error: `"${name}" ${problem}` };
  }
  return { ok: true, command: object as Command };
}

function checkField(value: unknown, spec: FieldSpec): string | undefined {
  if (value === undefined) return spec.optional ? undefined : "is required";
  const kind = spec.kind;
  if (Array.isArray(kind)) {
    return typeof value === "string" && kind.includes(value)
      ? undefined
      : `must be one of ${kind.map((k) => `"${k}"`).join(", ")} (got ${JSON.stringify(value)})`;
  }
  if (kind === "images") return checkImages(value);
  return kindOf(value) === kind ? undefined : `must be a ${kind} (got ${kindOf(value)})`;
}

function checkImages(value: unknown): string | undefined {
  if (!Array.isArray(value)) return `must be an array of images (got ${kindOf(value)})`;
  for (const [i, image] of value.entries()) {
    const ok =
      typeof image === "object" &&
      image !== null &&
      (image as ImageContent).type === "image" &&
      typeof (image as ImageContent).data === "string" &&
      typeof (image as ImageContent).mimeType === "string";
    if (!ok) return `[${i}] must be {"type":"image","data":"<base64>","mimeType":"image/png"}`;
  }
  return undefined;
}

function commandName(object: Record<string, unknown>): string {
  return typeof object.type === "string" ? object.type : "parse";
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
