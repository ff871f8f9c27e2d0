import { readJsonConfigFile, validateConfig } from "@gong/config-files";
import { Type } from "@sinclair/typebox";
import type { Api, Model } from "../types.js";

/** One provider block of `models.json`, in pi's shape (README.md). */
export interface ModelsJsonProvider {
  baseUrl?: string;
  api?: Api;
  /** An environment variable name, or the key itself. */
  apiKey?: string;
  headers?: Record<string, string>;
  compat?: Record<string, unknown>;
  models?: ModelsJsonModel[];
}

export interface ModelsJsonModel {
  id: string;
  name?: string;
  contextWindow?: number;
  maxTokens?: number;
  reasoning?: boolean;
  input?: ("text" | "image")[];
  cost?: Partial<Model["cost"]>;
  headers?: Record<string, string>;
  compat?: Record<string, unknown>;
}

/** A problem in models.json; the rest of the file still loads. */
export interface ModelsJsonError {
  path: string;
  /** Where in the file, when the problem is in a part of it (not for an unreadable file). */
  line?: number;
  column?: number;
  /** What is wrong and how to fix it. */
  message: string;
}

const Headers = Type.Record(Type.String(), Type.String());
const Compat = Type.Record(Type.String(), Type.Unknown());
const Count = Type.Integer({ minimum: 1 });

const ModelSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    name: Type.Optional(Type.String()),
    contextWindow: Type.Optional(Count),
    maxTokens: Type.Optional(Count),
    reasoning: Type.Optional(Type.Boolean()),
    input: Type.Optional(Type.Array(Type.Union([Type.Literal("text"), Type.Literal("image")]))),
    cost: Type.Optional(
      Type.Object(
        {
          input: Type.Optional(Type.Number({ minimum: 0 })),
          output: Type.Optional(Type.Number({ minimum: 0 })),
          cacheRead: Type.Optional(Type.Number({ minimum: 0 })),
          cacheWrite: Type.Optional(Type.Number({ minimum: 0 })),
        },
        { additionalProperties: false },
      ),
    ),
    headers: Type.Optional(Headers),
    compat: Type.Optional(Compat),
  },
  { additionalProperties: false },
);

const ProviderSchema = Type.Object(
  {
    baseUrl: Type.Optional(Type.String({ minLength: 1 })),
    api: Type.Optional(
      Type.Union([
        Type.Literal("anthropic-messages"),
        Type.Literal("openai-completions"),
        Type.Literal("openai-responses"),
      ]),
    ),
    apiKey: Type.Optional(Type.String()),
    headers: Type.Optional(Headers),
    compat: Type.Optional(Compat),
    models: Type.Optional(Type.Array(ModelSchema)),
  },
  { additionalProperties: false },
);

/** The models.json file (pi's shape, README.md). */
export const ModelsJsonSchema = Type.Object(
  { providers: Type.Record(Type.String(), ProviderSchema) },
  { additionalProperties: false },
);

/**
 * Reads and validates models.json; a missing file is not an error. A wrong value drops
 * only the key or model entry that holds it, with one error naming its line and column.
 */
export function readModelsJson(path: string): {
  providers: Record<string, ModelsJsonProvider>;
  errors: ModelsJsonError[];
} {
  const read = readJsonConfigFile(path);
  if (!read.ok) {
    if (read.missing) return { providers: {}, errors: [] };
    const { line, column, message } = read;
    const at = line !== undefined ? { line, column } : {};
    return {
      providers: {},
      errors: [
        { path, ...at, message: `${message}; fix it or remove it. Using built-in models only.` },
      ],
    };
  }
  const checked = validateConfig(ModelsJsonSchema, read.value, read.locate);
  const errors: ModelsJsonError[] = checked.issues.map(({ line, column, message }) => ({
    path,
    line,
    column,
    message,
  }));
  const root = checked.value as { providers?: Record<string, ModelsJsonProvider> } | undefined;
  if (!root?.providers) {
    errors.push({
      path,
      message: `needs a top-level "providers" object, e.g. {"providers": {"ollama": {...}}}.`,
    });
    return { providers: {}, errors };
  }
  return { providers: root.providers, errors };
}
