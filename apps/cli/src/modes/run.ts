import { runEndLine, toJsonLine } from "@gong/protocol";
import {
  createCodingSession,
  guardExit,
  loadOutputSchema,
  SIGNAL_EXIT_CODES,
  type TypedRunOutcome,
} from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { codingSessionOptions } from "../session-options.js";
import { startTelemetry } from "../telemetry.js";
import { failureLine } from "./failure-line.js";
import { type HeadlessTerms, headlessLimits } from "./headless-run.js";
import { runJsonMode } from "./json.js";
import { runPrintMode } from "./print.js";

/**
 * Opens the coding session the flags describe, runs the prompts in print or json mode
 * and closes it — also when a signal stops the run — and returns the exit code: 0 ok,
 * 1 the run failed, 128 + the signal's number when one stopped it.
 */
export async function runPrompts(args: CliArgs, prompts: string[], io: CliIo): Promise<number> {
  // Registered before the session exists: agent-core creates its instruments with it.
  const telemetry = await startTelemetry(io.env);
  try {
    return await openAndRun(args, prompts, io);
  } finally {
    await telemetry?.shutdown(); // spans and metrics flushed also after a failure or abort
  }
}

/** What gong prints when the user stopped the run with a signal. */
const ABORTED = "gong: aborted\n";

async function openAndRun(args: CliArgs, prompts: string[], io: CliIo): Promise<number> {
  const json = args.mode === "json";
  // Warnings (a broken settings file, a corrupt session line, a hook module that does
  // not load) go to stderr in print mode and become `warning` lines in json mode; those
  // raised while the session opens come with it and follow json mode's header line.
  const warn = json
    ? (message: string) => io.stdout(toJsonLine({ type: "warning", message }))
    : (message: string) => io.stderr(`gong: warning: ${message}\n`);
  const terms: HeadlessTerms = { limits: headlessLimits(args) };
  if (args.outputSchema !== undefined) {
    // A schema that cannot be used is the caller's mistake: said before any model call.
    const loaded = await loadOutputSchema(args.outputSchema, io.cwd);
    if (!loaded.ok) {
      io.stderr(`gong: ${loaded.error}\n`);
      return 2;
    }
    terms.schema = loaded.schema;
  }
  const created = await createCodingSession({
    ...codingSessionOptions(args, io, warn),
    ...(terms.schema ? { outputInstructions: terms.schema.instructions } : {}),
    // Print and json mode offer no rewind: without a session file to resume, a snapshot
    // could never be restored (checkpoints-off.test.ts, "--no-session").
    ...(args.noSession ? { snapshots: false } : {}),
  });
  if (!json) for (const message of created.warnings) warn(message);
  if (!created.ok) {
    io.stderr(`gong: ${created.error.message}\n`);
    return created.error.usage ? 2 : 1;
  }
  const session = created.session;
  const guard = guardExit({
    stop: () => session.abort(),
    beforeForcedExit: () => io.stderr(ABORTED),
    processes: () => session.processes,
  });
  let outcome: TypedRunOutcome;
  try {
    outcome = json
      ? await runJsonMode(session, prompts, created.warnings, io, terms)
      : await runPrintMode(session, prompts, args, io, terms);
  } finally {
    // Still guarding while the session closes: its background jobs get a grace period
    // to end, which a second signal cuts short.
    await session.close();
    guard.dispose();
  }
  if (guard.received) outcome = { ...outcome, ok: false, aborted: true };
  // The last json line, also after a signal: how the run ended and what it used.
  if (json) io.stdout(toJsonLine(runEndLine(outcome, outcome.totals, session.file.path)));
  if (guard.received) {
    // Whatever the run said (the model cut off, a tool aborted), the user stopped it.
    io.stderr(ABORTED);
    return SIGNAL_EXIT_CODES[guard.received];
  }
  if (!outcome.ok) {
    io.stderr(failureLine(session, outcome));
    return 1;
  }
  return 0;
}
