/**
 * read — seed 002 §C: text with offset/limit paging and head truncation (2000 lines /
 * 50 KB) with its four notices; images by magic bytes; other binaries refused.
 */
import { constants } from "node:fs";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  headTruncationNotice,
  moreLinesNotice,
  truncateHead,
} from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import { aborted, failure, type NextSteps, partial, success } from "../core/envelope.js";
import type { ToolEnvironment } from "../core/environment.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import { basenameOf, fileSystemFailure, parentOf } from "../fs/errors.js";
import { requireNotSpecial } from "../fs/file-kind.js";
import { SNAPSHOT_HASH_LIMIT } from "../fs/read-tracker.js";
import { resolveExisting } from "../path/policy.js";
import { prepareImage } from "../read/image.js";
import { AbortedError, scanLineWindow } from "../read/line-window.js";
import { detectImageMime, looksBinary, SNIFF_BYTES } from "../read/sniff.js";
import type { ToolImage } from "../types.js";

const readParameters = Type.Object({
  path: Type.String({
    description: "Path to the file (relative to the working directory or absolute).",
  }),
  offset: Type.Optional(
    Type.Integer({ minimum: 1, description: "Line to start from, 1-indexed." }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: "Most lines to read." })),
  output_level: OutputLevelParam,
});

export function createReadTool(env: ToolEnvironment) {
  return defineTool({
    name: "read",
    label: "Read",
    readOnly: true,
    description:
      `Read a file. Text is returned as-is, up to ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB (whichever comes first); ` +
      "use offset (1-indexed line) and limit to page through larger files — the notice at the end names the next offset. " +
      "Images (png, jpeg, gif, webp) are returned as images. Other binary files are refused.",
    parameters: readParameters,
    async execute(params, context) {
      const resolved = await resolveExisting(
        env.policy,
        params.path,
        context.cwd,
        {
          noun: "File",
          next: (display) => [
            `ls(path="${parentOf(display)}") to see which files exist.`,
            `find(pattern="**/${basenameOf(display)}") to search for it.`,
          ],
        },
        { macosFallback: true, access: "read" },
      );
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      const extras = { pathResolved: display };
      let stats: Awaited<ReturnType<typeof env.fs.stat>>;
      let head: Buffer;
      try {
        stats = await env.fs.stat(real);
        if (stats.isDirectory()) {
          return failure("IS_DIRECTORY", `Is a directory: ${display}. read works on files.`, {
            ...extras,
            next: [`ls(path="${display}") to list it.`],
          });
        }
        requireNotSpecial(stats, real);
        await env.fs.access(real, constants.R_OK);
        head = await env.fs.readHead(real, SNIFF_BYTES);
      } catch (error) {
        return fileSystemFailure(error, "read", display, display);
      }

      const mime = detectImageMime(head);
      if (mime) {
        let bytes: Buffer;
        try {
          bytes = await env.fs.readFile(real);
        } catch (error) {
          return fileSystemFailure(error, "read", display, display);
        }
        const image = await prepareImage(bytes, mime);
        const images: ToolImage[] = [
          { type: "image", data: image.data.toString("base64"), mimeType: image.mimeType },
        ];
        const note = image.note ? ` ${image.note}` : "";
        const text = `Read image file ${display} [${image.mimeType}].${note}`;
        const data = {
          content: "",
          images,
          mime_type: image.mimeType,
          original_mime_type: mime,
          width: image.width,
          height: image.height,
          truncated: false,
        };
        return success(data, text, { ...extras, stats: { bytes: stats.size } });
      }
      if (looksBinary(head)) {
        return failure(
          "BINARY_FILE",
          `${display} is a binary file; read only shows text and images.`,
          {
            ...extras,
            data: { size: stats.size },
            next: [
              `bash(command="file ${display}") to see what it is, or bash(command="xxd ${display} | head -50") for a hex view.`,
            ],
          },
        );
      }

      const startLine = params.offset ?? 1;
      // Without a limit of its own the window takes one line more than the line limit,
      // so truncateHead sees the cut and the notice says "Showing lines 1-2000 of N".
      const userLimited = params.limit !== undefined && params.limit <= DEFAULT_MAX_LINES;
      const windowLines = userLimited ? params.limit! : DEFAULT_MAX_LINES + 1;
      let window: Awaited<ReturnType<typeof scanLineWindow>>;
      try {
        window = await scanLineWindow(env.fs.readChunks(real, 1024 * 1024), {
          startLine,
          maxLines: windowLines,
          byteCap: DEFAULT_MAX_BYTES + 1,
          hash: stats.size <= SNAPSHOT_HASH_LIMIT,
          signal: context.signal,
        });
      } catch (error) {
        if (error instanceof AbortedError) return aborted(extras);
        return fileSystemFailure(error, "read", display, display);
      }
      env.tracker.record(real, { sha256: window.sha256, size: stats.size, mtimeMs: stats.mtimeMs });

      const total = window.totalLines;
      if (startLine > Math.max(total, 1)) {
        return failure(
          "INVALID_PARAM",
          `Offset ${startLine} is beyond end of file (${total} lines total)`,
          {
            ...extras,
            data: { total_lines: total },
            next: [
              `read(path="${display}", offset=${Math.max(1, total - 99)}) to read the end of the file.`,
            ],
          },
        );
      }

      const truncation = truncateHead(window.text, {
        maxLines: DEFAULT_MAX_LINES,
        maxBytes: DEFAULT_MAX_BYTES,
      });
      const shownLines = truncation.outputLines;
      const endLine = startLine + shownLines - 1;
      const windowEnd = Math.min(startLine + windowLines - 1, total);
      let notice = "";
      let nextOffset: number | null = null;
      if (truncation.truncated) {
        notice = headTruncationNotice(truncation, {
          startLine,
          path: display,
          totalFileLines: total,
          firstLineBytes: window.firstLineBytes,
        });
        nextOffset = truncation.firstLineExceedsLimit ? startLine + 1 : endLine + 1;
      } else if (windowEnd < total) {
        notice = moreLinesNotice(total - windowEnd, windowEnd + 1);
        nextOffset = windowEnd + 1;
      }

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
      const stats2 = { total_lines: total, bytes: stats.size };
      if (nextOffset === null) {
        // The model always gets a sentence, even for an empty file (data.content stays "").
        const text =
          truncation.content.length > 0 ? truncation.content : `(empty file: ${display})`;
        return success(data, text, {
          ...extras,
          stats: stats2,
          truncationSkip: true,
        });
      }
      const nextSteps: NextSteps = truncation.firstLineExceedsLimit
        ? [`bash(command="sed -n '${startLine}p' ${display} | head -c ${DEFAULT_MAX_BYTES}")`]
        : [
            `read(path="${display}", offset=${nextOffset}${params.limit ? `, limit=${params.limit}` : ""})`,
            `grep(pattern="<keyword>", path="${display}") to jump to what you need.`,
          ];
      const body =
        truncation.content.length > 0
          ? `${truncation.content.replace(/\n$/, "")}\n\n${notice}`
          : notice;
      return partial(data, body, {
        ...extras,
        stats: stats2,
        truncationSkip: true,
        next: nextSteps,
      });
    },
  });
}
