import { type CodingSessionEvent, createCodingSession } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { codingSessionOptions } from "../session-options.js";
import { startTelemetry } from "../telemetry.js";
import { runJsonMode } from "./json.js";
import { runPrintMode } from "./print.js";

/** Opens the coding session the flags describe and runs the prompts in print or json mode. */
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
  const stopOnSignal = () => session.abort();
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    if (!json) return await runPrintMode(session, prompts, args, io);
    return await runJsonMode(session, prompts, early, io, (sink) => {
      jsonSink = sink;
    });
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await session.close();
  }
}
