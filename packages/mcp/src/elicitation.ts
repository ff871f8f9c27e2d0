/**
 * Elicitation: a server asks the user for a few values in the middle of a tool call
 * (`elicitation/create`, form mode). Gong answers through whoever can answer: the
 * host's ask_user dialog (the interactive dialog, RPC `extension_ui_request`, an ACP
 * editor), or — where nobody can (print and json mode) — a decline, or under `--yes` an
 * accept with the schema's defaults. A form that cannot be answered faithfully (a
 * required value without a default, an answer that does not fit its type) is declined:
 * a server never gets a value the user did not give or agree to.
 */
import type { AskUserAnswers, AskUserHandler, AskUserQuestion } from "@gong/tools";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";

export type McpElicitationSchema = ElicitRequestFormParams["requestedSchema"];
type FieldSchema = McpElicitationSchema["properties"][string];
type FieldValue = string | number | boolean | string[];

export interface McpElicitation {
  /** The server's name in the configuration. */
  server: string;
  message: string;
  schema: McpElicitationSchema;
  signal: AbortSignal;
}

export type McpElicitationAnswer =
  | { action: "accept"; content: Record<string, FieldValue> }
  | { action: "decline" }
  | { action: "cancel" };

export type McpElicitHandler = (request: McpElicitation) => Promise<McpElicitationAnswer>;

/** Print and json mode without `--yes`: nobody can answer. */
export const declineElicitation: McpElicitHandler = async () => ({ action: "decline" });

/** Print and json mode under `--yes`: the schema's defaults, if they fill every required value. */
export const acceptElicitationDefaults: McpElicitHandler = async ({ schema }) => {
  const content: Record<string, FieldValue> = {};
  for (const [key, field] of Object.entries(schema.properties)) {
    const value = defaultOf(field);
    if (value !== undefined) content[key] = value;
  }
  const missing = (schema.required ?? []).filter((key) => !(key in content));
  return missing.length > 0 ? { action: "decline" } : { action: "accept", content };
};

/** Asks each field of the form as one ask_user question; no answer at all is a cancel. */
export function elicitThroughAskUser(askUser: AskUserHandler): McpElicitHandler {
  return async ({ server, message, schema, signal }) => {
    const fields = Object.entries(schema.properties).map(([key, field]) => ({
      key,
      field,
      question: fieldQuestion(server, message, key, field),
    }));
    let answers: AskUserAnswers;
    try {
      answers = await askUser(
        fields.map((f) => f.question),
        signal,
        {},
      );
    } catch {
      return { action: "cancel" };
    }
    if (signal.aborted || Object.keys(answers).length === 0) return { action: "cancel" };
    const content: Record<string, FieldValue> = {};
    for (const { key, field, question } of fields) {
      const text = answers[question.question]?.trim();
      const value = text ? parseAnswer(field, text) : defaultOf(field);
      // What the user typed does not fit: sending something else would put words in their mouth.
      if (text && value === undefined) return { action: "decline" };
      if (value !== undefined) content[key] = value;
      else if (schema.required?.includes(key)) return { action: "decline" };
    }
    return { action: "accept", content };
  };
}

function fieldQuestion(
  server: string,
  message: string,
  key: string,
  field: FieldSchema,
): AskUserQuestion {
  const label = field.title ?? key;
  const about = field.description ? ` (${field.description})` : "";
  const fallback = defaultOf(field);
  const hint = fallback === undefined ? "" : ` Default: ${String(fallback)}.`;
  return {
    question: `MCP server "${server}" asks: ${message} — ${label}${about}?${hint}`,
    header: label.slice(0, 12),
    options: choicesOf(field).map((choice) => ({ label: choice, description: "" })),
    multiSelect: field.type === "array",
  };
}

function choicesOf(field: FieldSchema): string[] {
  if (field.type === "boolean") return ["yes", "no"];
  const schema = field as Record<string, unknown>;
  const options = field.type === "array" ? (schema.items as Record<string, unknown>) : schema;
  if (Array.isArray(options.enum)) return options.enum.map(String);
  const consts = (options.oneOf ?? options.anyOf) as { const: string }[] | undefined;
  return Array.isArray(consts) ? consts.map((c) => c.const) : [];
}

function defaultOf(field: FieldSchema): FieldValue | undefined {
  const value = (field as { default?: unknown }).default;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return value;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value;
  return undefined;
}

/** The user's text as the field's type; undefined when it does not fit. */
function parseAnswer(field: FieldSchema, text: string): FieldValue | undefined {
  switch (field.type) {
    case "boolean":
      if (/^(yes|y|true)$/i.test(text)) return true;
      if (/^(no|n|false)$/i.test(text)) return false;
      return undefined;
    case "number":
    case "integer": {
      const value = Number(text);
      if (!Number.isFinite(value) || (field.type === "integer" && !Number.isInteger(value))) {
        return undefined;
      }
      return value;
    }
    case "array": {
      const chosen = text.split(", ").filter(Boolean);
      const allowed = choicesOf(field);
      return chosen.every((c) => allowed.includes(c)) ? chosen : undefined;
    }
    default: {
      const allowed = choicesOf(field);
      return allowed.length === 0 || allowed.includes(text) ? text : undefined;
    }
  }
}
