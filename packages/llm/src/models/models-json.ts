import { readFileSync } from "node:fs";
import type { Api, Model } from "../types.js";

/** One provider block of `models.json`, in pi's shape (ARCHITECTURE §4). */
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
  /** What is wrong and how to fix it. */
  message: string;
}

const KNOWN_APIS = new Set(["anthropic-messages", "openai-completions", "openai-responses"]);

/** Reads and validates models.json; a missing file is not an error. */
export function readModelsJson(path: string): {
  providers: Record<string, ModelsJsonProvider>;
  errors: ModelsJsonError[];
} {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { providers: {}, errors: [] };
    return {
      providers: {},
      errors: [{ path, message: `Cannot read ${path}: ${(error as Error).message}` }],
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      providers: {},
      errors: [
        {
          path,
          message: `${path} is not valid JSON (${(error as Error).message}); fix it or remove it. Using built-in models only.`,
        },
      ],
    };
  }
  const root = parsed as { providers?: unknown };
  if (!isRecord(root) || !isRecord(root.providers)) {
    return {
      providers: {},
      errors: [
        {
          path,
          message: `${path} needs a top-level "providers" object, e.g. {"providers": {"ollama": {...}}}.`,
        },
      ],
    };
  }
  const providers: Record<string, ModelsJsonProvider> = {};
  const errors: ModelsJsonError[] = [];
  for (const [name, value] of Object.entries(root.providers)) {
    const problem = validateProvider(name, value);
    if (problem) errors.push({ path, message: problem });
    else providers[name] = value as ModelsJsonProvider;
  }
  return { providers, errors };
}

function validateProvider(name: string, value: unknown): string | undefined {
  const where = `providers.${name}`;
  if (!isRecord(value)) return `${where} must be an object; provider skipped.`;
  if (value.api !== undefined && !KNOWN_APIS.has(String(value.api)))
    return `${where}.api "${String(value.api)}" is not one of ${[...KNOWN_APIS].join(", ")}; provider skipped.`;
  if (value.baseUrl !== undefined && typeof value.baseUrl !== "string")
    return `${where}.baseUrl must be a string URL; provider skipped.`;
  if (value.models !== undefined) {
    if (!Array.isArray(value.models)) return `${where}.models must be an array; provider skipped.`;
    for (const [index, model] of value.models.entries()) {
      if (!isRecord(model) || typeof model.id !== "string" || model.id === "")
        return `${where}.models[${index}] needs a string "id"; provider skipped.`;
    }
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
