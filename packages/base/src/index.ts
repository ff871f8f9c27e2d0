export { ATOMIC_TEMP_PATTERN, atomicTempName } from "./atomic-temp.js";
export type { ToolContext, ToolError, ToolResponse, ToolStats, ToolStatus } from "./envelope.js";
export type { PathExpansion } from "./home/expand-home.js";
export { expandHome } from "./home/expand-home.js";
export { homeDir, resolveGongHome } from "./home/gong-home.js";
export { isPathWithin } from "./home/path-within.js";
export { toPosixRelative } from "./home/posix-relative.js";
export { isRecord } from "./is-record.js";
export type { Result } from "./result.js";
