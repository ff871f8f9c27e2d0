export type { FailureOptions, ResultExtras, ToolErrorCode } from "./core/envelope.js";
export { failure, partial, success, withNextSteps } from "./core/envelope.js";
export { defineTool, runTool } from "./core/run-tool.js";
export type { FieldError } from "./core/validate.js";
export { validateParams } from "./core/validate.js";
export type * from "./types.js";
