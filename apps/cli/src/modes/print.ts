import type { CodingSession, CodingSessionEvent, TypedRunOutcome } from "@gong/runtime";
import { compactionDetail, finalText } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { terminalSafe } from "../terminal-text.js";
import { type HeadlessTerms, runHeadless } from "./headless-run.js";
import { retryLine } from "./retry-line.js";
import { StatusLine } from "./status-line.js";

/**
 * `-p`: runs the prompts to completion and prints the final answer on stdout (terminal-safe
 * when stdout is a terminal); progress
 * worth knowing (retries, compaction, warnings, hook failures) goes to stderr. The caller
 * reports a failure and picks the exit code.
 */
export async function runPrintMode(
  session: CodingSession,
  prompts: string[],
  args: CliArgs,
  io: CliIo,
  terms: HeadlessTerms,
): Promise<TypedRunOutcome> {
  // On a terminal, one live line shows progress; lines printed meanwhile go above it.
  const status = io.statusStream ? new StatusLine(io.statusStream) : undefined;
  const stderr = status ? (text: string) => status.print(text) : io.stderr;
  const unsubscribe = session.subscribe((event) => {
    status?.onEvent(event);
    // The status line already shows each retry as it waits.
    if (!(status && event.type === "retry")) reportProgress(event, args.verbose, stderr);
  });
  status?.start();
  try {
    const outcome = await runHeadless(session, prompts, terms);
    status?.stop();
    // `--output-schema`: the value alone, as compact JSON on one line.
    if (outcome.ok && outcome.output !== undefined)
      io.stdout(`${JSON.stringify(outcome.output)}\n`);
    else if (outcome.ok) {
      // In plan mode without --yes the run ends with the plan: it is the answer.
      const answer =
        outcome.plan ?? (outcome.lastAssistant ? finalText(outcome.lastAssistant) : "");
      // Piped, the answer goes out byte for byte; on a terminal its escape sequences
      // would set the title or the clipboard.
      const text = io.stdoutIsTTY ? terminalSafe(answer) : answer;
      io.stdout(text.endsWith("\n") || text === "" ? text : `${text}\n`);
    }
    return outcome;
  } finally {
    status?.stop();
    unsubscribe();
  }
}

function reportProgress(
  event: CodingSessionEvent,
  verbose: boolean,
  stderr: (text: string) => void,
): void {
  switch (event.type) {
    case "retry":
      stderr(`gong: ${retryLine(event)}\n`);
      return;
    case "compaction_start":
      stderr(`gong: compacting the conversation (${event.reason})…\n`);
      return;
    case "compaction_end":
      if (event.errorMessage) stderr(`gong: compaction failed: ${event.errorMessage}\n`);
      else if (event.result)
        stderr(
          `gong: compacted ${event.result.tokensBefore} tokens into ${event.result.tokensAfter} (${compactionDetail(event.result)}).\n`,
        );
      return;
    case "warning":
      stderr(`gong: warning: ${event.message}\n`);
      return;
    case "hook_error":
      stderr(`gong: hook ${event.hookName} (${event.callback}) failed: ${event.error}\n`);
      if (verbose && event.stack) stderr(`${event.stack}\n`);
      return;
  }
}
