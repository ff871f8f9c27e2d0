/**
 * The tool contract (docs/architecture.md, "The tool envelope"). Agent-core runs any `Tool`; built-in tools and
 * user tools alike return the `ToolResponse` envelope and never throw for an
 * expected failure.
 */

import type { ToolResponse } from "@gong/base";
import type { Static, TSchema } from "@sinclair/typebox";
import type { ToolSummary } from "./summary/tool-summary.js";

export type { ToolContext, ToolError, ToolResponse, ToolStats, ToolStatus } from "@gong/base";

/**
 * Images a tool returns beside its text (read of a PNG, say). They travel in
 * `data.images` so the envelope keeps exactly its six top-level keys; agent-core
 * hands them to the model next to `text`.
 */
export interface ToolImage {
  type: "image";
  /** base64 */
  data: string;
  mimeType: string;
}

/** Output detail the caller asks for (test/output-level.test.ts): per call, per tool, or globally. */
export const OUTPUT_LEVELS = ["brief", "standard", "full"] as const;
export type OutputLevel = (typeof OUTPUT_LEVELS)[number];

export interface ToolExecutionContext {
  /** Absolute working directory of the call; paths resolve against it. */
  cwd: string;
  /**
   * Absolute project root, for `context.cwd` (reported relative to it). Defaults to
   * `cwd`, which then shows as `"."`.
   */
  projectRoot?: string;
  /** Aborts the call: the tool stops, cleans up and returns an `ABORTED` envelope. */
  signal?: AbortSignal;
  /** The model's id for this call, so a host's UI can tie what it shows to the call. */
  toolCallId?: string;
  /** Streaming progress (bash output so far, say), for UIs. */
  onUpdate?: (partial: ToolResponse) => void;
  outputLevel?: OutputLevel;
  /**
   * The calling agent offers `task`: a hint about a saved full output (bash's log)
   * suggests a subagent first (`subagentSpillStep` of @gong/truncate).
   */
  hasTaskTool?: boolean;
  /** The call's trace span (agent-core's, opaque here): a tool that runs an agent parents its spans on it. */
  traceSpan?: unknown;
}

export interface Tool<Params extends TSchema = TSchema> {
  name: string;
  /** Human label for UIs. */
  label: string;
  /** What the model is told: purpose, parameters, limits, defaults. */
  description: string;
  parameters: Params;
  /** Read-only tools may run in parallel when the settings allow. */
  readOnly?: boolean;
  /**
   * Consecutive calls of concurrent tools in one message always run together: the tool
   * bounds its own parallelism (the runtime's `task`, whose subagents run side by side).
   */
  concurrent?: boolean;
  /**
   * What a call is about on one line (its key argument: the path of a read, the command
   * of a bash), shown beside the name by every face. A function of the arguments only,
   * because the web page and the HTML export have no tool definitions: every face looks
   * it up by the tool's name with `toolCallSummary` (`@gong/tools/summary`), which knows
   * the built-in tools' (each one's `summary` is its `TOOL_SUMMARIES` entry; the test
   * "every built-in tool's summary is the one the faces look up" pins them together) and
   * shows any other tool with `keyArgumentSummary`.
   */
  summary?: ToolSummary;
  /**
   * Runs with parameters already validated against `parameters`. Callers go through
   * `runTool`, which validates first (a wrong type → `INVALID_PARAM`) and turns a throw
   * into an `INTERNAL_ERROR` envelope.
   */
  execute(params: Static<Params>, context: ToolExecutionContext): Promise<ToolResponse>;
}
