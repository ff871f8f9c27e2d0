/**
 * Builders for the tool envelope. Tools return these; `runTool` then fills in
 * `stats.time_ms` and `context.cwd` / `context.params_input`, so a tool only says what
 * it did. Every builder yields exactly the six top-level keys (no `error` unless the
 * status is `error`).
 */
import type { ToolResponse, ToolStats, ToolStatus } from "@gong/base";

/** The error codes a tool answers with (docs/architecture.md, "The tool envelope"). */
export type ToolErrorCode =
  | "NOT_FOUND"
  | "ACCESS_DENIED"
  | "PERMISSION_DENIED"
  | "INVALID_PARAM"
  | "TIMEOUT"
  | "INTERNAL_ERROR"
  | "EXECUTION_ERROR"
  | "CONFLICT"
  | "IS_DIRECTORY"
  | "BINARY_FILE"
  | "NO_MATCH"
  | "AMBIGUOUS_MATCH"
  | "NO_CHANGE"
  | "NOT_A_DIRECTORY"
  | "BLOCKED"
  | "ABORTED";

export interface ResultExtras {
  /** Project-relative POSIX path the call resolved to. */
  pathResolved?: string;
  /** Extra counters for `stats` (`total_lines`, `total_matches`, …). */
  stats?: Record<string, number | string>;
  /** The tool already paginates or truncates itself: the framework truncator skips it. */
  truncationSkip?: boolean;
}

/** Appends the "Recommended next step" block of concrete calls. */
export function withNextSteps(text: string, steps: readonly string[]): string {
  if (steps.length === 0) return text;
  return `${text}\n\nRecommended next step:\n${steps.map((step) => `* ${step}`).join("\n")}`;
}

function build(
  status: ToolStatus,
  data: Record<string, unknown>,
  text: string,
  extras: ResultExtras,
): ToolResponse {
  const stats: ToolStats = { time_ms: 0, ...extras.stats };
  const context: ToolResponse["context"] = { cwd: ".", params_input: undefined };
  if (extras.pathResolved !== undefined) context.path_resolved = extras.pathResolved;
  if (extras.truncationSkip) context.truncation_skip = true;
  return { status, data, text, stats, context };
}

export function success(
  data: Record<string, unknown>,
  text: string,
  extras: ResultExtras = {},
): ToolResponse {
  return build("success", data, text, extras);
}

/**
 * Concrete next calls for the model (test/bad-input.test.ts "item 6"). Required, and
 * never empty, on every partial and error result: the type says so,
 * so a new result without one does not compile.
 */
export type NextSteps = readonly [string, ...string[]];

/**
 * A usable but discounted result (truncated, fallback engine, …; test/envelope.test.ts). `text`
 * gets the "Recommended next step" block of `next`.
 */
export function partial(
  data: Record<string, unknown>,
  text: string,
  extras: ResultExtras & { next: NextSteps },
): ToolResponse {
  return build("partial", data, withNextSteps(text, extras.next), extras);
}

/** A streaming update while a call still runs (`onUpdate`), not its result: no next steps. */
export function progress(data: Record<string, unknown>, text: string): ToolResponse {
  return build("partial", data, text, {});
}

/** What a call stopped by its abort signal says. */
export const OPERATION_ABORTED = "Operation aborted";

/** The call was stopped by the user (abort signal). */
export function aborted(extras: ResultExtras = {}, message = OPERATION_ABORTED): ToolResponse {
  return failure("ABORTED", message, {
    ...extras,
    next: ["The user stopped this call: wait for their next message before running it again."],
  });
}

export interface FailureOptions extends ResultExtras {
  next: NextSteps;
  data?: Record<string, unknown>;
  /** Text to show before the message (bash: the output collected so far). */
  textPrefix?: string;
}

/** An error envelope: `error.message` is the short cause, `text` adds what to do next. */
export function failure(
  code: ToolErrorCode,
  message: string,
  options: FailureOptions,
): ToolResponse {
  const body = options.textPrefix ? `${options.textPrefix}\n\n${message}` : message;
  const response = build("error", options.data ?? {}, withNextSteps(body, options.next), options);
  response.error = { code, message };
  return response;
}
