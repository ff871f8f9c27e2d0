import { type CodingSessionEvent, createCodingSession, type RunOutcome } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { codingSessionOptions } from "../session-options.js";
import { listenForStopSignals, SIGNAL_EXIT_CODES } from "../signals.js";
import { startTelemetry } from "../telemetry.js";
import { failureLine } from "./failure-line.js";
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

async function openAndRun(args: CliArgs, prompts: string[], io: CliIo): Promise<number> {
  const json = args.mode === "json";
  // Warnings (a broken settings file, a corrupt session line, a hook module that does
  // not load) go to stderr in print mode and become `warning` events in json mode,
  // where those raised while the session opens wait until the header line is out.
  const early: CodingSessionEvent[] = [];
  let jsonSink: ((event: CodingSessionEvent) => void) | undefined;
  const created = await createCodingSession(
    codingSessionOptions(args, io, (message) => {
      if (json) (jsonSink ?? ((event) => early.push(event)))({ type: "warning", message });
      else io.stderr(`gong: warning: ${message}\n`);
    }),
  );
  if (!created.ok) {
    io.stderr(`gong: ${created.error.message}\n`);
    return created.error.usage ? 2 : 1;
  }
  const session = created.session;
  const signals = listenForStopSignals({
    stop: () => session.abort(),
    force: (signal) => {
      session.killProcesses();
      io.stderr("gong: aborted\n");
      process.exit(SIGNAL_EXIT_CODES[signal]);
    },
  });
  // The last resort for any exit that skips `close` (stdout EPIPE, an uncaught error):
  // no background job outlives gong.
  const killOnExit = () => session.killProcesses();
  process.once("exit", killOnExit);
  let outcome: RunOutcome;
  try {
    outcome = json
      ? await runJsonMode(session, prompts, early, io, (sink) => {
          jsonSink = sink;
        })
      : await runPrintMode(session, prompts, args, io);
  } finally {
    // Still listening while the session closes: its background jobs get a grace period
    // to end, which a second signal cuts short.
    await session.close();
    signals.dispose();
    process.off("exit", killOnExit);
  }
  if (signals.received) {
    // Whatever the run said (the model cut off, a tool aborted), the user stopped it.
    io.stderr("gong: aborted\n");
    return SIGNAL_EXIT_CODES[signals.received];
  }
  if (!outcome.ok) {
    io.stderr(failureLine(session, outcome));
    return 1;
  }
  return 0;
}
