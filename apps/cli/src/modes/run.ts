import {
  type CodingSessionEvent,
  createCodingSession,
  type RunOutcome,
  type SessionChoice,
} from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { listenForStopSignals, SIGNAL_EXIT_CODES } from "../signals.js";
import { runJsonMode } from "./json.js";
import { runPrintMode } from "./print.js";

/**
 * Opens the coding session the flags describe, runs the prompts in print or json mode
 * and closes it — also when a signal stops the run — and returns the exit code: 0 ok,
 * 1 the run failed, 128 + the signal's number when one stopped it.
 */
export async function runPrompts(args: CliArgs, prompts: string[], io: CliIo): Promise<number> {
  const json = args.mode === "json";
  // Warnings (a broken settings file, a corrupt session line, a hook module that does
  // not load) go to stderr in print mode and become `warning` events in json mode,
  // where those raised while the session opens wait until the header line is out.
  const early: CodingSessionEvent[] = [];
  let jsonSink: ((event: CodingSessionEvent) => void) | undefined;
  const created = await createCodingSession({
    cwd: io.cwd,
    env: io.env,
    provider: args.provider,
    model: args.model,
    apiKey: args.apiKey,
    baseUrl: args.baseUrl,
    thinking: args.thinking,
    tools: args.tools,
    preset: args.preset,
    allowPaths: args.allowPaths,
    outputLevel: args.outputLevel,
    session: sessionChoice(args),
    sessionDir: args.sessionDir,
    systemPrompt: args.systemPrompt,
    appendSystemPrompt: args.appendSystemPrompt,
    // Recorded by `--trust` before the session opens; otherwise the user settings decide.
    ...(args.trust ? { trust: true } : {}),
    onWarning: (message) => {
      if (json) (jsonSink ?? ((event) => early.push(event)))({ type: "warning", message });
      else io.stderr(`gong: warning: ${message}\n`);
    },
  });
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
    io.stderr(`gong: ${outcome.errorMessage}\n`);
    return 1;
  }
  return 0;
}

function sessionChoice(args: CliArgs): SessionChoice {
  if (args.noSession) return { kind: "none" };
  if (args.continue) return { kind: "continue" };
  if (typeof args.resume === "string") return { kind: "open", ref: args.resume };
  if (args.session !== undefined) return { kind: "open", ref: args.session };
  return { kind: "new" };
}
