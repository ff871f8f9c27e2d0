/** Maps an OS error from a file operation to an envelope with the next step. */
import type { ToolResponse } from "@gong/base";
import { failure } from "../core/envelope.js";
import { NotRegularFileError } from "./file-kind.js";
import { PathChangedError } from "./opened-path.js";

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

export function fileSystemFailure(
  error: unknown,
  action: string,
  display: string,
  pathResolved?: string,
): ToolResponse {
  const code = errnoCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  const extras = pathResolved === undefined ? {} : { pathResolved };
  if (error instanceof PathChangedError) {
    return failure(
      "ACCESS_DENIED",
      `Access denied: ${display} changed while it was being opened (${error.reason}), so it was not followed. Nothing was read or changed.`,
      {
        ...extras,
        next: [
          `Check what ${display} is now with ls(path="${parentOf(display)}"); the path is checked again on the next call.`,
        ],
      },
    );
  }
  if (error instanceof NotRegularFileError) {
    return failure(
      "INVALID_PARAM",
      `${display} is ${error.kind}, not a regular file. It was not opened (a FIFO would block until a writer appears, a device may never end). Nothing was read or changed.`,
      {
        ...extras,
        next: [
          `bash(command="ls -l ${display}") to see what it is; read, edit, write and grep work on regular files only.`,
        ],
      },
    );
  }
  if (code === "EACCES" || code === "EPERM") {
    return failure(
      "PERMISSION_DENIED",
      `Permission denied: cannot ${action} ${display} (${code}).`,
      {
        ...extras,
        next: [`Check the file's permissions with bash(command="ls -l ${display}").`],
      },
    );
  }
  if (code === "ENOENT") {
    return failure("NOT_FOUND", `Path not found: ${display}.`, {
      ...extras,
      next: [`ls(path="${parentOf(display)}") to see what exists.`],
    });
  }
  if (code === "EISDIR") {
    return failure("IS_DIRECTORY", `Is a directory: ${display}.`, {
      ...extras,
      next: [`ls(path="${display}") to list it.`],
    });
  }
  if (code === "ENOTDIR") {
    return failure("NOT_A_DIRECTORY", `Not a directory: a parent of ${display} is a file.`, {
      ...extras,
      next: [`ls(path="${parentOf(parentOf(display))}") to see what exists.`],
    });
  }
  return failure("EXECUTION_ERROR", `Could not ${action} ${display}: ${detail}`, {
    ...extras,
    next: ["Check the disk (space, permissions) and retry."],
  });
}

/** Folder part of a display path (`.` for a bare name): the `ls` of a next step. */
export function parentOf(display: string): string {
  const at = display.lastIndexOf("/");
  return at <= 0 ? "." : display.slice(0, at);
}

/** Last part of a display path: the file name a `find` next step searches for. */
export function basenameOf(display: string): string {
  return display.slice(display.lastIndexOf("/") + 1);
}
