/** Defaults shared by every truncation in Gong (test/truncate-head.test.ts, truncate-tail.test.ts). */
export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
/** grep cuts each matching line to this many characters. */
export const DEFAULT_MAX_LINE_CHARS = 500;
/** The most bytes of one file in the tool-output folder (a spill or a bash log). */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
