import { type CodingSessionEvent, createCodingSession, type SessionChoice } from "@gong/runtime";
import type { CliArgs } from "../args.js";
import type { CliIo } from "../io.js";
import { runJsonMode } from "./json.js";
import { runPrintMode } from "./print.js";

/** Opens the coding session the flags describe and runs the prompts in print or json mode. */
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

function sessionChoice(args: CliArgs): SessionChoice {
  if (args.noSession) return { kind: "none" };
  if (args.continue) return { kind: "continue" };
  if (typeof args.resume === "string") return { kind: "open", ref: args.resume };
  if (args.session !== undefined) return { kind: "open", ref: args.session };
  return { kind: "new" };
}
