import type { CliIo } from "./io.js";

/**
 * A failure the code did not expect (a bug, or an environment problem nothing
 * classified): one line by default, the stack with --verbose.
 */
export function reportUnexpected(error: unknown, verbose: boolean, io: CliIo): number {
  const message = error instanceof Error ? error.message : String(error);
  if (verbose && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
  io.stderr(`gong: ${message}${verbose ? "" : " (run again with --verbose for details)"}\n`);
  return 1;
}
