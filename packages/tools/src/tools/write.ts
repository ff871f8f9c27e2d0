/**
 * write (test/write.test.ts): creates or overwrites a file (UTF-8), creating parent folders,
 * atomically (temp file + rename).
 */
import path from "node:path";
import { Type } from "@sinclair/typebox";
import { aborted, failure, success } from "../core/envelope.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import type { ToolEnvironment } from "../environment.js";
import { fileSystemFailure } from "../fs/errors.js";
import { NotRegularFileError, specialFileKind } from "../fs/file-kind.js";
import { snapshotOf } from "../fs/read-tracker.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

const writeParameters = Type.Object({
  path: Type.String({ description: "Path of the file to write (relative or absolute)." }),
  content: Type.String({ description: "The complete new content of the file." }),
  output_level: OutputLevelParam,
});

export function createWriteTool(env: ToolEnvironment) {
  return defineTool({
    name: "write",
    summary: TOOL_SUMMARIES.write,
    label: "Write",
    description:
      "Write a file: creates it (and its parent folders) or overwrites it completely with content (UTF-8). " +
      "Prefer edit for changing part of an existing file.",
    parameters: writeParameters,
    async execute(params, context) {
      const resolved = await env.policy.resolve(params.path, context.cwd);
      if (!resolved.ok) return resolved.response;
      const { display, real } = resolved;
      const extras = { pathResolved: display };
      return env.tracker.withFileLock(real, async () => {
        const existing = await env.fs.stat(real).catch(() => undefined); // new file: created below
        if (existing?.isDirectory()) {
          return failure("IS_DIRECTORY", `Is a directory: ${display}. write needs a file path.`, {
            ...extras,
            next: [`write(path="${display}/<file name>", content=...)`],
          });
        }
        // Replacing a FIFO or device by a file would break whatever uses it: refused.
        const kind = existing && specialFileKind(existing);
        if (kind) {
          return fileSystemFailure(new NotRegularFileError(real, kind), "write", display, display);
        }
        const created = existing === undefined;
        if (context.signal?.aborted) return aborted(extras);
        const bytes = Buffer.from(params.content, "utf8");
        try {
          await env.fs.mkdir(path.dirname(real));
          await env.fs.writeFileAtomic(real, bytes);
          const after = await env.fs.stat(real);
          env.tracker.record(real, snapshotOf(bytes, after));
        } catch (error) {
          return fileSystemFailure(error, "write", display, display);
        }
        const text = `Successfully wrote ${bytes.length} bytes to ${display}`;
        return success(
          { applied: true, bytes_written: bytes.length, created, path: display },
          text,
          { ...extras, stats: { bytes_written: bytes.length } },
        );
      });
    },
  });
}
