/** The result record returned by `truncateHead` and `truncateTail`. */
export interface TruncationResult {
  /** The kept text: whole lines joined by `\n` (tail: the first kept line may be partial). */
  content: string;
  truncated: boolean;
  /** Which limit cut the text, or `null` when nothing was cut. */
  truncatedBy: "lines" | "bytes" | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  /** tail only: the single kept line was cut to its last `maxBytes` bytes. */
  lastLinePartial: boolean;
  /** head only: the first line alone is over `maxBytes`, so nothing could be kept. */
  firstLineExceedsLimit: boolean;
  maxLines: number;
  maxBytes: number;
}

export interface TruncationLimits {
  /** Most lines to keep (default 2000). `Infinity` disables the line limit. */
  maxLines?: number;
  /** Most UTF-8 bytes to keep (default 51200). */
  maxBytes?: number;
}
