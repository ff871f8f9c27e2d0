/**
 * The 50 KB cap on grep, find and ls listings (test/grep.test.ts, find.test.ts, ls.test.ts): whole lines from the
 * top, and the notice each of them adds to its own when the cap cut the listing.
 */
import { DEFAULT_MAX_BYTES, formatSize, type TruncationResult, truncateHead } from "@gong/truncate";

export const LISTING_CAP_NOTICE = `${formatSize(DEFAULT_MAX_BYTES)} limit reached`;

export function capListing(lines: readonly string[]): TruncationResult {
  return truncateHead(lines.join("\n"), {
    maxLines: Number.POSITIVE_INFINITY,
    maxBytes: DEFAULT_MAX_BYTES,
  });
}
