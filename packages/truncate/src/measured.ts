import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from "./limits.js";
import { countLines, utf8Length } from "./measure.js";
import type { TruncationLimits, TruncationResult } from "./result.js";

/** The text's size and the limits it is held to: where head and tail truncation start. */
export interface Measured {
  totalLines: number;
  totalBytes: number;
  maxLines: number;
  maxBytes: number;
}

export function measureAgainst(content: string, limits: TruncationLimits): Measured {
  return {
    maxLines: limits.maxLines ?? DEFAULT_MAX_LINES,
    maxBytes: limits.maxBytes ?? DEFAULT_MAX_BYTES,
    totalBytes: utf8Length(content),
    totalLines: countLines(content),
  };
}

/** The whole text, when it fits both limits; else undefined (there is cutting to do). */
export function untouchedIfFits(content: string, m: Measured): TruncationResult | undefined {
  if (m.totalLines > m.maxLines || m.totalBytes > m.maxBytes) return undefined;
  return {
    ...m,
    content,
    truncated: false,
    truncatedBy: null,
    outputLines: m.totalLines,
    outputBytes: m.totalBytes,
    lastLinePartial: false,
    firstLineExceedsLimit: false,
  };
}
