/**
 * A server's tool as a gong tool: the model calls `mcp__<server>__<tool>` with the
 * server's own schema, and gets the result (or a failure with a next step) as an
 * envelope. Hooks, confirmations and the truncator see it like any built-in tool.
 */
import {
  failure,
  keyArgumentSummary,
  type Tool,
  type ToolExecutionContext,
  type ToolResponse,
} from "@gong/tools";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { DEFAULT_CALL_TIMEOUT_MS } from "./config/entry.js";
import type { CallOutcome, McpServerConnection, McpToolDefinition } from "./connection.js";
import { resultEnvelope } from "./result.js";
import { providerSchema, toolParameters } from "./schema.js";

const validators = new AjvJsonSchemaValidator();

export interface McpToolOptions {
  /** The gong name (`mcp__server__tool`, names.ts). */
  name: string;
  connection: McpServerConnection;
  definition: McpToolDefinition;
  /** The entry's `timeout` (ms per call). */
  timeoutMs: number | undefined;
}

export function createMcpTool(options: McpToolOptions): Tool {
  const { name, connection, definition } = options;
  const schema = providerSchema(definition.inputSchema);
  const validate = compile(schema);
  const readOnly = definition.annotations?.readOnlyHint === true;
  return {
    name,
    label: `${connection.name}: ${definition.title ?? definition.annotations?.title ?? definition.name}`,
    description:
      definition.description?.trim() ||
      `Tool "${definition.name}" of the MCP server "${connection.name}".`,
    parameters: toolParameters(schema),
    // An MCP tool's arguments are named by its server, and the web page and the HTML
    // export show a call knowing only its name: MCP tools follow the rule every face
    // applies to a tool outside the built-in table (a telling argument such as `query`,
    // `url` or `path`, else the first string one).
    summary: keyArgumentSummary,
    ...(readOnly ? { readOnly } : {}),
    async execute(params, context) {
      const args = (params ?? {}) as Record<string, unknown>;
      const invalid = validate(args);
      if (invalid) {
        return failure("INVALID_PARAM", `Invalid parameters for ${name}: ${invalid}`, {
          data: { field_errors: [{ field: "(parameters)", message: invalid }] },
          next: [`Call ${name} again with the parameters its schema declares.`],
        });
      }
      const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
      const outcome = await connection.call(definition.name, args, {
        signal: context.signal,
        timeoutMs,
        onProgress: (progress) => reportProgress(context, progress),
      });
      return envelopeOf(outcome, name, connection.name, timeoutMs);
    },
  };
}

/** undefined when valid, else the validator's message; a schema it cannot compile checks nothing (the server still does). */
function compile(schema: Record<string, unknown>): (args: unknown) => string | undefined {
  try {
    const check = validators.getValidator(schema as never);
    return (args) => {
      const result = check(args);
      return result.valid ? undefined : result.errorMessage;
    };
  } catch {
    return () => undefined;
  }
}

function reportProgress(
  context: ToolExecutionContext,
  progress: { progress: number; total?: number; message?: string },
): void {
  const of = progress.total !== undefined ? `/${progress.total}` : "";
  const text = `progress ${progress.progress}${of}${progress.message ? `: ${progress.message}` : ""}`;
  context.onUpdate?.({
    status: "success",
    data: { progress: progress.progress, total: progress.total, message: progress.message },
    text,
    stats: { time_ms: 0 },
    context: { cwd: ".", params_input: undefined },
  });
}

function envelopeOf(
  outcome: CallOutcome,
  name: string,
  server: string,
  timeoutMs: number,
): ToolResponse {
  switch (outcome.kind) {
    case "result":
      return resultEnvelope(outcome.result, name);
    case "aborted":
      return failure("ABORTED", `${name} was aborted; the server was told to cancel the call.`, {
        next: [`Run ${name} again if the result is still needed.`],
      });
    case "timeout":
      return failure(
        "TIMEOUT",
        `${name} timed out after ${formatSeconds(timeoutMs)} without an answer or progress from the MCP server "${server}"; the call was cancelled.`,
        {
          next: [
            `Try ${name} again with a smaller request, or do the task with other tools.`,
            `If the server needs longer, the user can raise "timeout" (ms) in its entry of mcpServers.`,
          ],
        },
      );
    case "exited":
      return failure(
        "EXECUTION_ERROR",
        `The MCP server "${server}" stopped during ${name} (${outcome.reason}).`,
        {
          next: outcome.willRestart
            ? [`Call ${name} again: the server is restarted for the next call.`]
            : [
                `Do the task with other tools: "${server}" crashed too often and stays stopped for this session.`,
              ],
        },
      );
    case "too_large":
      return failure(
        "EXECUTION_ERROR",
        `The MCP server "${server}" could not deliver the result of ${name}: ${outcome.message}. The server is still running.`,
        {
          next: [
            `Call ${name} again asking for less (a narrower query, one page or a smaller range) if its parameters allow it, or do the task with other tools.`,
          ],
        },
      );
    case "failed":
      return failure(
        "EXECUTION_ERROR",
        `The MCP server "${server}" could not run ${name}: ${outcome.message}`,
        {
          next: [
            `Do the task with other tools, or ask the user to check the server "${server}" (gong mcp list).`,
          ],
        },
      );
  }
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
