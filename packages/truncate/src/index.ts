export { formatSize } from "./format-size.js";
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_LINE_CHARS,
  DEFAULT_MAX_LINES,
} from "./limits.js";
export { lineCountFrom } from "./measure.js";
export {
  headTruncationNotice,
  moreLinesNotice,
  subagentSpillStep,
  tailTruncationNotice,
} from "./notices.js";
export { cleanupExpired } from "./observation/cleanup.js";
export type { ObservationTruncatorOptions } from "./observation/config.js";
export {
  refusedOutputDir,
  resolveObservationConfig,
  resolveOutputDir,
} from "./observation/config.js";
export {
  capText,
  droppedNotice,
  headAndTailBytes,
  MAX_FILE_BYTES_ENV,
} from "./observation/file-cap.js";
export {
  ensureOutputDir,
  linkedOutputDirMessage,
  spillTimestamp,
  writeUniqueFile,
} from "./observation/spill.js";
export type { ObservationTruncator } from "./observation/truncator.js";
export { createObservationTruncator } from "./observation/truncator.js";
export type { TruncationLimits, TruncationResult } from "./result.js";
export { truncateHead } from "./truncate-head.js";
export { truncateLine } from "./truncate-line.js";
export { truncateTail } from "./truncate-tail.js";
