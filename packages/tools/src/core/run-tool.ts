import { toPosixRelative } from "@gong/base";
import type { TSchema } from "@sinclair/typebox";
import type { Tool, ToolExecutionContext, ToolResponse } from "../types.js";
import { failure, type NextSteps, withNextSteps } from "./envelope.js";
import { validateParams } from "./validate.js";

/** Identity helper that keeps the parameter type of `execute` tied to the schema. */
export function defineTool<Params extends TSchema>(tool: Tool<Params>): Tool<Params> {
  return tool;
}

const ENVELOPE_KEYS = new Set(["status", "data", "text", "error", "stats", "context"]);

/**
 * Makes whatever a tool returned a well-formed tool envelope: exactly the six
 * top-level keys, `error` only on `error`, `data` always an object, `stats.time_ms`
 * and `context.cwd` / `context.params_input` always set.
 */
function seal(
  response: ToolResponse,
  rawParams: unknown,
  context: ToolExecutionContext,
  startedAt: number,
): ToolResponse {
  const sealed: ToolResponse = {
    status: response.status,
    data: response.data && typeof response.data === "object" ? response.data : {},
    text: typeof response.text === "string" ? response.text : String(response.text ?? ""),
    stats: { ...response.stats, time_ms: Math.round(performance.now() - startedAt) },
    context: {
      ...response.context,
      cwd: toPosixRelative(context.projectRoot ?? context.cwd, context.cwd),
      params_input: rawParams,
    },
  };
  if (sealed.status === "error") {
    sealed.error = response.error ?? { code: "INTERNAL_ERROR", message: sealed.text };
  }
  for (const key of Object.keys(sealed)) {
    if (!ENVELOPE_KEYS.has(key)) delete (sealed as unknown as Record<string, unknown>)[key];
  }
  return sealed;
}

function abortedResponse(tool: Tool): ToolResponse {
  return failure("ABORTED", `${tool.name} was aborted before it finished.`, {
    next: [`Run ${tool.name} again if the result is still needed.`],
  });
}

/**
 * Runs one tool call: validates `rawParams` against the schema (a wrong type gives an
 * `INVALID_PARAM` envelope naming the field), runs `execute`, and turns a throw into
 * an `INTERNAL_ERROR` envelope. Never rejects.
 */
export async function runTool(
  tool: Tool,
  rawParams: unknown,
  context: ToolExecutionContext,
): Promise<ToolResponse> {
  const startedAt = performance.now();
  const finish = (response: ToolResponse) => seal(response, rawParams, context, startedAt);

  const errors = validateParams(tool.parameters, rawParams);
  if (errors.length > 0) {
    const lines = errors.map((error) => `- ${error.field}: ${error.message}`).join("\n");
    const fields = errors.map((error) => error.field).join(", ");
    const next: NextSteps = [
      `Call ${tool.name} again with the parameter types its schema declares.`,
    ];
    const response = failure(
      "INVALID_PARAM",
      `Invalid parameter ${fields}: ${errors[0]?.message}`,
      {
        data: { field_errors: errors },
        next,
      },
    );
    // The model sees every field's problem; error.message keeps the first, on one line.
    response.text = withNextSteps(
      `Invalid parameters for ${tool.name} (${fields}):\n${lines}`,
      next,
    );
    return finish(response);
  }
  if (context.signal?.aborted) return finish(abortedResponse(tool));

  try {
    // Streaming updates are envelopes too: sealed like the final result, so a UI can
    // treat them alike (time so far, cwd, the raw parameters).
    const onUpdate = context.onUpdate;
    const callContext: ToolExecutionContext = onUpdate
      ? { ...context, onUpdate: (update) => onUpdate(finish(update)) }
      : context;
    const response = await tool.execute(rawParams as never, callContext);
    return finish(response);
  } catch (error) {
    if (context.signal?.aborted) return finish(abortedResponse(tool));
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error && error.stack ? error.stack : undefined;
    return finish(
      failure("INTERNAL_ERROR", `${tool.name} failed unexpectedly: ${message}`, {
        data: stack ? { stack } : {},
        next: [`Retry ${tool.name} once; if it fails again, report this error to the user.`],
      }),
    );
  }
}
