/**
 * read as a pipeline (test/read.test.ts): resolve the path, open the file (refusing what read
 * must not touch), then an image is returned as an image, another binary is refused, and
 * text is scanned for the requested window and cut to the head limits (2000 lines /
 * 50 KB) with the notice that names the next page. Each step returns its value or the
 * envelope that ends the call.
 */
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import type { ToolEnvironment } from "../environment.js";
import { basenameOf, parentOf } from "../fs/errors.js";
import { resolveExisting } from "../path/policy.js";
import { readImageFile } from "../read/image-envelope.js";
import { binaryFile, openReadable } from "../read/open-file.js";
import { detectImageMime, looksBinary } from "../read/sniff.js";
import { pageEnvelope, scanWindow } from "../read/text-page.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

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
    summary: TOOL_SUMMARIES.read,
    label: "Read",
    readOnly: true,
    description:
      `Read a file. Text is returned as-is, up to ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB (whichever comes first); ` +
      "use offset (1-indexed line) and limit to page through larger files; the notice at the end names the next offset. " +
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
      const opened = await openReadable(env, real, display);
      if (!opened.ok) return opened.response;
      const { stats, head } = opened;
      const mime = detectImageMime(head);
      if (mime) return readImageFile(env, real, display, mime, stats.size);
      if (looksBinary(head)) return binaryFile(display, stats.size);
      const scanned = await scanWindow(env, { real, display, stats }, params, context.signal);
      if (!scanned.ok) return scanned.response;
      return pageEnvelope(scanned, params, display, stats.size);
    },
  });
}
