export { bwrapUnusable } from "./bwrap.js";
export { HANG_GUARD_MS } from "./hang-guard.js";
export { isProcessAlive, liveProcessesInGroup } from "./processes.js";
export { type RedisServer, startRedisServer } from "./redis.js";
export type {
  MockLlmServer,
  MockLlmServerOptions,
  MockResponder,
  MockWire,
  RecordedRequest,
} from "./server.js";
export { startMockLlmServer } from "./server.js";
export type {
  MockBlock,
  MockError,
  MockResponse,
  MockStep,
  MockUsage,
  ResponseOptions,
} from "./steps.js";
export {
  authErrorResponse,
  errorResponse,
  htmlResponse,
  OVERFLOW_MESSAGES,
  overflowResponse,
  overloadedResponse,
  rateLimitResponse,
  textResponse,
  thinkingResponse,
  toolCallResponse,
} from "./steps.js";
export { TOOL_SUMMARY_CASES, type ToolSummaryCase } from "./tool-summary-cases.js";
