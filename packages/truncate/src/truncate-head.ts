import { utf8LengthOf } from "./measure.js";
import { measureAgainst, untouchedIfFits } from "./measured.js";
import type { TruncationLimits, TruncationResult } from "./result.js";

/**
 * Keeps the first lines of `content` that fit both limits; never returns a partial
 * line (a first line over `maxBytes` gives `""` with `firstLineExceedsLimit`).
 * Used by read, grep, find and ls. Scans only as far as the kept lines reach, plus
 * one native pass each to count lines and bytes.
 */
export function truncateHead(content: string, limits: TruncationLimits = {}): TruncationResult {
  const measured = measureAgainst(content, limits);
  const untouched = untouchedIfFits(content, measured);
  if (untouched) return untouched;
  const { totalLines, maxLines, maxBytes } = measured;
  const base = { ...measured, lastLinePartial: false };

  // Every line fitting yet the total over `maxBytes` means only the final newline did
  // not fit, so in that case the byte limit is what cut.
  let truncatedBy: "lines" | "bytes" = totalLines > maxLines ? "lines" : "bytes";
  let outputLines = 0;
  let outputBytes = 0;
  let keptEnd = 0;
  let lineStart = 0;
  while (outputLines < totalLines) {
    if (outputLines >= maxLines) {
      truncatedBy = "lines";
      break;
    }
    const newline = content.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? content.length : newline;
    const separator = outputLines > 0 ? 1 : 0;
    const room = maxBytes - outputBytes - separator;
    // A UTF-16 unit is at least one UTF-8 byte: a longer line cannot fit, skip counting it.
    const lineBytes =
      lineEnd - lineStart > room ? room + 1 : utf8LengthOf(content, lineStart, lineEnd);
    if (lineBytes > room) {
      truncatedBy = "bytes";
      break;
    }
    outputBytes += separator + lineBytes;
    outputLines++;
    keptEnd = lineEnd;
    lineStart = lineEnd + 1;
  }

  return {
    ...base,
    content: content.slice(0, keptEnd),
    truncated: true,
    truncatedBy,
    outputLines,
    outputBytes,
    firstLineExceedsLimit: outputLines === 0 && totalLines > 0,
  };
}
