import { suffixStartWithinBytes, utf8LengthOf } from "./measure.js";
import { measureAgainst, untouchedIfFits } from "./measured.js";
import type { TruncationLimits, TruncationResult } from "./result.js";

/**
 * Keeps the last lines of `content` that fit both limits, scanning backward from the
 * end. When the last line alone is over `maxBytes`, its final bytes are kept, cut at a
 * character boundary (`lastLinePartial`). Used by bash, whose useful output is at the end.
 */
export function truncateTail(content: string, limits: TruncationLimits = {}): TruncationResult {
  const measured = measureAgainst(content, limits);
  const untouched = untouchedIfFits(content, measured);
  if (untouched) return untouched;
  const { totalLines, maxLines, maxBytes } = measured;
  const base = { ...measured, firstLineExceedsLimit: false };

  // The final newline terminates the last line; it is not a line of its own.
  const end = content.endsWith("\n") ? content.length - 1 : content.length;
  let truncatedBy: "lines" | "bytes" = totalLines > maxLines ? "lines" : "bytes";
  let lastLinePartial = false;
  let outputLines = 0;
  let outputBytes = 0;
  let keptStart = end;
  let lineEnd = end;
  while (outputLines < totalLines) {
    if (outputLines >= maxLines) {
      truncatedBy = "lines";
      break;
    }
    const newline = lineEnd === 0 ? -1 : content.lastIndexOf("\n", lineEnd - 1);
    const lineStart = newline + 1;
    const separator = outputLines > 0 ? 1 : 0;
    const room = maxBytes - outputBytes - separator;
    const lineBytes =
      lineEnd - lineStart > room ? room + 1 : utf8LengthOf(content, lineStart, lineEnd);
    if (lineBytes > room) {
      truncatedBy = "bytes";
      if (outputLines === 0) {
        keptStart = suffixStartWithinBytes(content, end, maxBytes);
        outputBytes = utf8LengthOf(content, keptStart, end);
        outputLines = 1;
        lastLinePartial = true;
      }
      break;
    }
    outputBytes += separator + lineBytes;
    outputLines++;
    keptStart = lineStart;
    lineEnd = newline;
  }

  return {
    ...base,
    content: content.slice(keptStart, end),
    truncated: true,
    truncatedBy,
    outputLines,
    outputBytes,
    lastLinePartial,
  };
}
