import { readFileSync } from "node:fs";
import path from "node:path";
import type { CodingSession, RunOptions } from "./coding-session.js";
import { finalText } from "./coding-session.js";
import type { RunOutcome } from "./options.js";

/**
 * `--output-schema <file.json>`: the final answer must be one JSON value valid against a
 * JSON Schema (draft-07, or 2020-12 when its `$schema` says so). Checked by ajv, loaded
 * only when a schema is given, so other runs never pay for it.
 */
export interface OutputSchema {
  /** Added to the system prompt: the schema and the rule to answer with the value alone. */
  instructions: string;
  /** The value the answer holds, or what is wrong with it (one line per error). */
  check(answer: string): { ok: true; value: unknown } | { ok: false; errors: string };
}

/** Reads and compiles the schema; a missing file, bad JSON or a bad schema is one line. */
export async function loadOutputSchema(
  file: string,
  cwd: string,
): Promise<{ ok: true; schema: OutputSchema } | { ok: false; error: string }> {
  const where = path.resolve(cwd, file);
  let schema: unknown;
  try {
    schema = JSON.parse(readFileSync(where, "utf8"));
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "no such file"
        : (error as Error).message;
    return {
      ok: false,
      error: `--output-schema ${file}: cannot read a JSON Schema there (${why})`,
    };
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return { ok: false, error: `--output-schema ${file}: a JSON Schema is an object (or true)` };
  let validate: Awaited<ReturnType<typeof compile>>;
  try {
    validate = await compile(schema as Record<string, unknown>);
  } catch (error) {
    return {
      ok: false,
      error: `--output-schema ${file}: not a valid JSON Schema: ${(error as Error).message}`,
    };
  }
  return { ok: true, schema: outputSchema(schema, validate) };
}

type Validate = ((value: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string }[] | null;
};

async function compile(schema: Record<string, unknown>): Promise<Validate> {
  const draft2020 = String(schema.$schema ?? "").includes("2020-12");
  // ajv is CommonJS: from ESM its `default` is `module.exports`, whose `default` is the class.
  const loaded = draft2020 ? await import("ajv/dist/2020.js") : await import("ajv");
  const Ajv = loaded.default.default;
  // strict off: a user's schema may carry keywords of other tools (`examples`, `x-…`).
  const ajv = new Ajv({ allErrors: true, strict: false });
  return ajv.compile(schema) as Validate;
}

function outputSchema(schema: unknown, validate: Validate): OutputSchema {
  return {
    instructions: [
      "Your final answer must be exactly one JSON value, valid against this JSON Schema, and nothing else: no prose, no Markdown fence.",
      JSON.stringify(schema, null, 2),
    ].join("\n"),
    check(answer) {
      let value: unknown;
      try {
        value = JSON.parse(unfenced(answer));
      } catch (error) {
        return { ok: false, errors: `the answer is not JSON (${(error as Error).message})` };
      }
      if (validate(value)) return { ok: true, value };
      const errors = (validate.errors ?? []).map(
        (e) =>
          `${e.instancePath === "" ? "the value" : e.instancePath} ${e.message ?? "is invalid"}`,
      );
      return { ok: false, errors: errors.join("\n") };
    },
  };
}

/** Models often wrap JSON in a ```json fence even when told not to: the fence is not the value. */
function unfenced(answer: string): string {
  const trimmed = answer.trim();
  const fenced = /^```[a-zA-Z]*\n([\s\S]*?)\n```$/.exec(trimmed);
  return fenced ? fenced[1]! : trimmed;
}

/** How a typed run ended: the run's outcome plus the value, or why the answer is not one. */
export type TypedRunOutcome = RunOutcome & { output?: unknown; outputErrors?: string };

/**
 * Runs the prompts, checks the final answer against the schema and, when it is not
 * valid, asks the model once more with the errors (within the same run's limits).
 */
export async function runForTypedOutput(
  session: CodingSession,
  prompts: readonly string[],
  schema: OutputSchema,
  options: RunOptions = {},
): Promise<TypedRunOutcome> {
  const first = await session.run(prompts, options);
  if (!first.ok || first.plan !== undefined) return first;
  const checked = schema.check(first.lastAssistant ? finalText(first.lastAssistant) : "");
  if (checked.ok) return { ...first, output: checked.value };
  const again = await session.continueRun(retryPrompt(checked.errors));
  if (!again.ok) return again;
  const rechecked = schema.check(again.lastAssistant ? finalText(again.lastAssistant) : "");
  if (rechecked.ok) return { ...again, output: rechecked.value };
  return {
    ...again,
    ok: false,
    errorMessage: `The final answer is not valid against --output-schema:\n${rechecked.errors}`,
    outputErrors: rechecked.errors,
  };
}

function retryPrompt(errors: string): string {
  return [
    "Your final answer is not valid against the required JSON Schema:",
    errors,
    "Answer again with the corrected JSON value alone.",
  ].join("\n");
}
