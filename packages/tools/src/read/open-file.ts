import { constants } from "node:fs";
import { failure } from "../core/envelope.js";
import { type Step, stop } from "../core/step.js";
import type { ToolEnvironment } from "../environment.js";
import { fileSystemFailure } from "../fs/errors.js";
import { requireNotSpecial } from "../fs/file-kind.js";
import { SNIFF_BYTES } from "./sniff.js";

export type FileStats = Awaited<ReturnType<ToolEnvironment["fs"]["stat"]>>;

/** A readable regular file: its stats and the first bytes that tell image, binary or text. */
export interface OpenedFile {
  stats: FileStats;
  head: Buffer;
}

/**
 * Checks the file read may open — a regular file (a FIFO would block the read forever),
 * readable — and reads the head the sniffers need.
 */
export async function openReadable(
  env: ToolEnvironment,
  real: string,
  display: string,
): Promise<Step<OpenedFile>> {
  try {
    const stats = await env.fs.stat(real);
    if (stats.isDirectory()) {
      return stop(
        failure("IS_DIRECTORY", `Is a directory: ${display}. read works on files.`, {
          pathResolved: display,
          next: [`ls(path="${display}") to list it.`],
        }),
      );
    }
    requireNotSpecial(stats, real);
    await env.fs.access(real, constants.R_OK);
    const head = await env.fs.readHead(real, SNIFF_BYTES);
    return { ok: true, stats, head };
  } catch (error) {
    return stop(fileSystemFailure(error, "read", display, display));
  }
}

/** Binary files other than images are refused, with a way to look at them anyway. */
export function binaryFile(display: string, size: number) {
  return failure("BINARY_FILE", `${display} is a binary file; read only shows text and images.`, {
    pathResolved: display,
    data: { size },
    next: [
      `bash(command="file ${display}") to see what it is, or bash(command="xxd ${display} | head -50") for a hex view.`,
    ],
  });
}
