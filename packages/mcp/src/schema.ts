/**
 * An MCP tool's `inputSchema` as every provider takes it. Anthropic wants an object
 * schema without `oneOf` / `anyOf` / `allOf` at the top; OpenAI's function parameters
 * must be an object schema too and reject the same top-level combinators. A server's
 * schema usually is a plain object schema and passes unchanged; a top-level
 * combinator is merged into one object schema whose properties are the branches'
 * (the server still checks the exact shape, and says what is wrong).
 */
import { Kind, type TSchema } from "@sinclair/typebox";

type JsonObject = Record<string, unknown>;

const COMBINATORS = ["oneOf", "anyOf", "allOf"] as const;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema the model is shown. */
export function providerSchema(input: unknown): JsonObject {
  const schema: JsonObject = isObject(input) ? { ...input } : {};
  // Draft markers mean nothing to the providers and OpenAI has refused unknown ones.
  delete schema.$schema;
  const properties: JsonObject = isObject(schema.properties) ? { ...schema.properties } : {};
  for (const combinator of COMBINATORS) {
    const branches = schema[combinator];
    if (!Array.isArray(branches)) continue;
    delete schema[combinator];
    for (const branch of branches) {
      if (isObject(branch) && isObject(branch.properties))
        Object.assign(properties, branch.properties);
    }
  }
  return { ...schema, type: "object", properties };
}

/**
 * The schema as a gong tool's `parameters`: the JSON Schema itself, marked as TypeBox's
 * `Any` kind so gong's TypeBox check lets every value through — the exact check is the
 * JSON Schema validator's in `mcp-tool.ts` (TypeBox cannot check arbitrary JSON Schema).
 * The mark is a symbol key, so what is sent to the provider is the plain schema.
 */
export function toolParameters(schema: JsonObject): TSchema {
  return { ...schema, [Kind]: "Any" } as unknown as TSchema;
}
