/**
 * The text steps of read: scan the requested window of lines, refuse an offset past
 * the end, then cut the window to the head limits and say where the next page starts.
 */
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  headTruncationNotice,
  moreLinesNotice,
  type TruncationResult,
  truncateHead,
} from "@gong/truncate";
import { aborted, failure, type NextSteps, partial, success } from "../core/envelope.js";
import { type Step, stop } from "../core/step.js";
import type { ToolEnvironment } from "../environment.js";
import { fileSystemFailure } from "../fs/errors.js";
import { SNAPSHOT_HASH_LIMIT } from "../fs/read-tracker.js";
import type { ToolResponse } from "../types.js";
import { AbortedError, scanLineWindow } from "./line-window.js";
import type { FileStats } from "./open-file.js";

export interface PageRequest {
  offset?: number;
  limit?: number;
}

type LineWindow = Awaited<ReturnType<typeof scanLineWindow>>;

/** The window read scanned: where it starts, how many lines it may hold, what it holds. */
export interface ScannedWindow {
  startLine: number;
  windowLines: number;
  window: LineWindow;
}

/**
 * Streams the file once for the requested window and records what was read, so a
 * later edit knows the model's view of the file.
 */
export async function scanWindow(
  env: ToolEnvironment,
  file: { real: string; display: string; stats: FileStats },
  request: PageRequest,
  signal: AbortSignal | undefined,
): Promise<Step<ScannedWindow>> {
  const { real, display, stats } = file;
  const startLine = request.offset ?? 1;
  // Without a limit of its own the window takes one line more than the line limit,
  // so truncateHead sees the cut and the notice says "Showing lines 1-2000 of N".
  const userLimited = request.limit !== undefined && request.limit <= DEFAULT_MAX_LINES;
  const windowLines = userLimited ? request.limit! : DEFAULT_MAX_LINES + 1;
  let window: LineWindow;
  try {
    window = await scanLineWindow(env.fs.readChunks(real, 1024 * 1024), {
      startLine,
      maxLines: windowLines,
      byteCap: DEFAULT_MAX_BYTES + 1,
      hash: stats.size <= SNAPSHOT_HASH_LIMIT,
      signal,
    });
  } catch (error) {
    if (error instanceof AbortedError) return stop(aborted({ pathResolved: display }));
    return stop(fileSystemFailure(error, "read", display, display));
  }
  env.tracker.record(real, { sha256: window.sha256, size: stats.size, mtimeMs: stats.mtimeMs });
  const total = window.totalLines;
  if (startLine > Math.max(total, 1)) return stop(offsetBeyondEnd(display, startLine, total));
  return { ok: true, startLine, windowLines, window };
}

function offsetBeyondEnd(display: string, startLine: number, total: number): ToolResponse {
  return failure(
    "INVALID_PARAM",
    `Offset ${startLine} is beyond end of file (${total} lines total)`,
    {
      pathResolved: display,
      data: { total_lines: total },
      next: [
        `read(path="${display}", offset=${Math.max(1, total - 99)}) to read the end of the file.`,
      ],
    },
  );
}

/** Where the shown page stops: the notice that ends it and the offset of the next page. */
interface PageCut {
  notice: string;
  nextOffset: number | null;
}

function cutPage(scanned: ScannedWindow, truncation: TruncationResult, display: string): PageCut {
  const { startLine, windowLines, window } = scanned;
  const total = window.totalLines;
  const endLine = startLine + truncation.outputLines - 1;
  const windowEnd = Math.min(startLine + windowLines - 1, total);
  if (truncation.truncated) {
    const notice = headTruncationNotice(truncation, {
      startLine,
      path: display,
      totalFileLines: total,
      firstLineBytes: window.firstLineBytes,
    });
    return { notice, nextOffset: truncation.firstLineExceedsLimit ? startLine + 1 : endLine + 1 };
  }
  if (windowEnd < total) {
    return { notice: moreLinesNotice(total - windowEnd, windowEnd + 1), nextOffset: windowEnd + 1 };
  }
  return { notice: "", nextOffset: null };
}

/**
 * The page as the envelope: the whole window is `success`; a cut page is `partial`
 * with its notice and the call that reads on.
 */
export function pageEnvelope(
  scanned: ScannedWindow,
  request: PageRequest,
  display: string,
  size: number,
): ToolResponse {
  const { startLine, window } = scanned;
  const total = window.totalLines;
  const truncation = truncateHead(window.text, {
    maxLines: DEFAULT_MAX_LINES,
    maxBytes: DEFAULT_MAX_BYTES,
  });
  const shownLines = truncation.outputLines;
  const endLine = startLine + shownLines - 1;
  const { notice, nextOffset } = cutPage(scanned, truncation, display);
  const data = {
    content: truncation.content,
    truncated: nextOffset !== null,
    truncated_by: truncation.truncated
      ? truncation.truncatedBy
      : nextOffset !== null
        ? "limit"
        : null,
    total_lines: total,
    start_line: startLine,
    end_line: Math.max(endLine, startLine - 1),
    output_lines: shownLines,
    next_offset: nextOffset,
    first_line_exceeds_limit: truncation.firstLineExceedsLimit,
  };
  const extras = { pathResolved: display, stats: { total_lines: total, bytes: size } };
  if (nextOffset === null) {
    // The model always gets a sentence, even for an empty file (data.content stays "").
    const text = truncation.content.length > 0 ? truncation.content : `(empty file: ${display})`;
    return success(data, text, { ...extras, truncationSkip: true });
  }
  const nextSteps: NextSteps = truncation.firstLineExceedsLimit
    ? [`bash(command="sed -n '${startLine}p' ${display} | head -c ${DEFAULT_MAX_BYTES}")`]
    : [
        `read(path="${display}", offset=${nextOffset}${request.limit ? `, limit=${request.limit}` : ""})`,
        `grep(pattern="<keyword>", path="${display}") to jump to what you need.`,
      ];
  const body =
    truncation.content.length > 0
      ? `${truncation.content.replace(/\n$/, "")}\n\n${notice}`
      : notice;
  return partial(data, body, { ...extras, truncationSkip: true, next: nextSteps });
}
