import type { CodingSession, CodingSessionEvent } from "@gong/runtime";
import { finalText } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { failureLine } from "./failure-line.js";
import { retryLine } from "./retry-line.js";

/**
 * `-p`: runs the prompts to completion and prints the final answer on stdout; progress
 * worth knowing (retries, compaction, warnings, hook failures) goes to stderr.
 */
export async function runPrintMode(
  session: CodingSession,
  prompts: string[],
  args: CliArgs,
  io: CliIo,
): Promise<number> {
  const unsubscribe = session.subscribe((event) => reportProgress(event, args.verbose, io));
  try {
    const outcome = await session.run(prompts);
    if (!outcome.ok) {
      io.stderr(failureLine(session, outcome));
      return 1;
    }
    const text = outcome.lastAssistant ? finalText(outcome.lastAssistant) : "";
    io.stdout(text.endsWith("\n") || text === "" ? text : `${text}\n`);
    return 0;
  } finally {
    unsubscribe();
  }
}

function reportProgress(event: CodingSessionEvent, verbose: boolean, io: CliIo): void {
  switch (event.type) {
    case "retry":
      io.stderr(`gong: ${retryLine(event)}\n`);
      return;
    case "compaction_start":
      io.stderr(`gong: compacting the conversation (${event.reason})…\n`);
      return;
    case "compaction_end":
      if (event.errorMessage) io.stderr(`gong: compaction failed: ${event.errorMessage}\n`);
      else if (event.result)
        io.stderr(`gong: compacted ${event.result.tokensBefore} tokens into a summary.\n`);
      return;
    case "warning":
      io.stderr(`gong: warning: ${event.message}\n`);
      return;
    case "hook_error":
      io.stderr(`gong: hook ${event.hookName} (${event.callback}) failed: ${event.error}\n`);
      if (verbose && event.stack) io.stderr(`${event.stack}\n`);
      return;
  }
}
