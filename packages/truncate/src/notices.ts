import { formatSize } from "./format-size.js";
import type { TruncationResult } from "./result.js";

export interface HeadNoticeOptions {
  /** 1-indexed line number of the first line of `result.content` in the file. */
  startLine: number;
  /** Path as the model should type it in the next call. */
  path: string;
  /** Lines in the whole file (default: the lines up to the end of the truncated window). */
  totalFileLines?: number;
  /** Size of the line that alone exceeded the limit (for `firstLineExceedsLimit`). */
  firstLineBytes?: number;
}

/**
 * The continuation notice read appends after a head truncation, naming the exact next
 * offset (Pi bug #134: without it the model does not know how to get the rest).
 * Returns `""` when nothing was truncated.
 */
export function headTruncationNotice(result: TruncationResult, options: HeadNoticeOptions): string {
  if (!result.truncated) return "";
  const { startLine, path } = options;
  const total = options.totalFileLines ?? startLine - 1 + result.totalLines;
  if (result.firstLineExceedsLimit) {
    const size = formatSize(options.firstLineBytes ?? result.totalBytes);
    return `[Line ${startLine} is ${size}, exceeds ${formatSize(result.maxBytes)} limit. Use bash: sed -n '${startLine}p' ${path} | head -c ${result.maxBytes}]`;
  }
  const endLine = startLine + result.outputLines - 1;
  const limit = result.truncatedBy === "bytes" ? ` (${formatSize(result.maxBytes)} limit)` : "";
  return `[Showing lines ${startLine}-${endLine} of ${total}${limit}. Use offset=${endLine + 1} to continue.]`;
}

/** Notice for a read stopped by the caller's own `limit` before the end of the file. */
export function moreLinesNotice(remainingLines: number, nextOffset: number): string {
  return `[${remainingLines} more lines in file. Use offset=${nextOffset} to continue.]`;
}

/**
 * The notice bash appends after a tail truncation: which lines are shown, the limit
 * that applied and the original size (so the model never mistakes the cut for the
 * output), and where the full output is.
 */
export function tailTruncationNotice(result: TruncationResult, fullOutputPath?: string): string {
  if (!result.truncated) return "";
  const where = fullOutputPath ? ` Full output: ${fullOutputPath}` : "";
  const original = formatSize(result.totalBytes);
  if (result.lastLinePartial) {
    return `[Showing the last ${formatSize(result.outputBytes)} of line ${result.totalLines} (${formatSize(result.maxBytes)} limit; full output ${original}).${where}]`;
  }
  const startLine = result.totalLines - result.outputLines + 1;
  const limit =
    result.truncatedBy === "lines"
      ? `${result.maxLines}-line limit`
      : `${formatSize(result.maxBytes)} limit`;
  return `[Showing lines ${startLine}-${result.totalLines} of ${result.totalLines} (${limit}; full output ${original}).${where}]`;
}

/**
 * The first next step for a saved full output when the agent has the `task` tool
 * (seed 003 §7): the truncator's spill hints and bash's log hints both use it.
 */
export function subagentSpillStep(file: string): string {
  return `Use task to have a subagent process the full output file ${file}`;
}
