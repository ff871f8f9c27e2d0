/**
 * The standard tool response envelope (docs/architecture.md, "The tool envelope"). It lives in @gong/base because the
 * tools write it and the ObservationTruncator below them wraps it; `@gong/tools`
 * re-exports it as part of its tool contract.
 */
export type ToolStatus = "success" | "partial" | "error";

export interface ToolError {
  /** Machine-readable: `NOT_FOUND`, `ACCESS_DENIED`, `INVALID_PARAM`, … (packages/tools/test/envelope.test.ts). */
  code: string;
  message: string;
}

export interface ToolStats {
  time_ms: number;
  [key: string]: number | string;
}

export interface ToolContext {
  /** Working directory relative to the project root (`.` at the root). */
  cwd: string;
  /** The parameters exactly as the caller passed them. */
  params_input: unknown;
  /** Project-relative POSIX path the call resolved to, when it touched a path. */
  path_resolved?: string;
  /** When true the framework-level truncation leaves this result alone. */
  truncation_skip?: boolean;
  [key: string]: unknown;
}

export interface ToolResponse<Data extends Record<string, unknown> = Record<string, unknown>> {
  status: ToolStatus;
  data: Data;
  /** What the model reads: the outcome, the state (why partial), the next step. */
  text: string;
  /** Present only when `status` is `"error"`. */
  error?: ToolError;
  stats: ToolStats;
  context: ToolContext;
}
