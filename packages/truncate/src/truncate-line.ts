import { DEFAULT_MAX_LINE_CHARS } from "./limits.js";

export const LINE_TRUNCATION_MARKER = "... [truncated]";

export interface LineTruncationResult {
  /** The line, or its first `maxChars` characters followed by `... [truncated]`. */
  content: string;
  truncated: boolean;
  truncatedBy: "chars" | null;
  totalChars: number;
  maxChars: number;
}

/**
 * Cuts one line (a grep match, say) to `maxChars` UTF-16 characters, never between the
 * two halves of a surrogate pair, and marks the cut.
 */
export function truncateLine(
  line: string,
  maxChars = DEFAULT_MAX_LINE_CHARS,
): LineTruncationResult {
  // Object literals of one shape, no spread: grep cuts every line it lists.
  const totalChars = line.length;
  if (totalChars <= maxChars) {
    return { content: line, truncated: false, truncatedBy: null, totalChars, maxChars };
  }
  const lastKept = line.charCodeAt(maxChars - 1);
  const cut = lastKept >= 0xd800 && lastKept <= 0xdbff ? maxChars - 1 : maxChars;
  const content = line.slice(0, cut) + LINE_TRUNCATION_MARKER;
  return { content, truncated: true, truncatedBy: "chars", totalChars, maxChars };
}
