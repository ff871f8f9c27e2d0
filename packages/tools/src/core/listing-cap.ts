/**
 * The 50 KB cap on grep, find and ls listings (test/grep.test.ts, find.test.ts, ls.test.ts): whole lines from the
 * top, and the notice each of them adds to its own when the cap cut the listing.
 */
import { DEFAULT_MAX_BYTES, formatSize, truncateHead } from "@gong/truncate";

export const LISTING_CAP_NOTICE = `${formatSize(DEFAULT_MAX_BYTES)} limit reached`;

export interface CappedListing {
  content: string;
  truncated: boolean;
  /** Lines in `content`. */
  outputLines: number;
}

/**
 * `lines`, each as `show` writes it, cut to whole lines within the cap. Lines past the
 * cap are never joined nor shown (12 500 paths joined to cut 50 KB of them took ~2 ms):
 * a line's UTF-8 bytes are at least its UTF-16 units, so once the units pass the cap,
 * so do the bytes, and truncateHead cuts (and says so) within what was taken.
 */
export function capListing(
  lines: readonly string[],
  show: (line: string) => string = (line) => line,
): CappedListing {
  const taken: string[] = [];
  let units = 0;
  for (const line of lines) {
    const shown = show(line);
    taken.push(shown);
    units += shown.length + 1;
    if (units > DEFAULT_MAX_BYTES + 1) break;
  }
  const { content, truncated, outputLines } = truncateHead(taken.join("\n"), {
    maxLines: Number.POSITIVE_INFINITY,
    maxBytes: DEFAULT_MAX_BYTES,
  });
  return { content, truncated, outputLines };
}
