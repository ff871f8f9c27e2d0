/**
 * The JSON-lines server (default mode): the session header line, then a response per
 * command and every agent event as its own line, until stdin ends or a stop signal
 * (SIGTERM, SIGINT, SIGHUP) arrives — then the run is aborted, the session flushed and
 * closed, exit 0. A second signal ends at once (the CLI's rule, the same exit guard:
 * the user means "now").
 */
import {
  type CodingSession,
  guardExit,
  SessionHost,
  subagentWireEncoder,
  wireEncoder,
} from "@gong/runtime";
import type { RpcArgs } from "../args.js";
import { sessionOptions } from "../session-options.js";
import type { Command, CommandId } from "./command-schemas.js";
import { parseCommandLine } from "./commands.js";
import { JsonLineWriter, readLines } from "./framing.js";
import { HANDLERS, type HandlerContext } from "./handlers.js";
import { UiRequests } from "./ui-requests.js";

export interface ServerIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
}

interface ResponseLine {
  type: "response";
  id?: CommandId;
  command: string;
  success: boolean;
  data?: unknown;
  error?: string;
}

export async function runJsonLinesServer(args: RpcArgs, io: ServerIo): Promise<number> {
  const writer = new JsonLineWriter(io.stdout);
  const uiRequests = new UiRequests((line) => writer.write(line), args.confirmTimeoutMs);
  const warn = (message: string) => writer.write({ type: "warning", message });
  const opened = await SessionHost.open(
    sessionOptions(args, io.env, {
      onWarning: warn,
      confirmToolCall: uiRequests.confirmation,
      askUser: uiRequests.askUser,
    }),
  );
  if (!opened.ok) {
    io.stderr(`gong-rpc: ${opened.error.message}\n`);
    return opened.error.usage ? 2 : 1;
  }
  const host = opened.host;
  const announceSession = (session: CodingSession) => writer.write(session.header);
  announceSession(host.current);
  // Those raised while the session opened come with it, after the header line.
  for (const message of opened.warnings) warn(message);
  const encode = wireEncoder();
  host.subscribe((event) => writer.write(encode(event)));
  const encodeSubagent = subagentWireEncoder();
  host.subscribeSubagents((event) => writer.write(encodeSubagent(event)));

  const inFlight = new Set<Promise<void>>();
  const context: HandlerContext = {
    host,
    cwd: host.current.header.cwd,
    uiRequests,
    announceSession,
    runningBash: new Set(),
    reportRunEnd: ({ ok, aborted, errorMessage }) =>
      writer.write({ type: "run_end", ok, aborted, ...(errorMessage ? { errorMessage } : {}) }),
  };

  const dispatch = commandDispatcher(context, writer, inFlight);
  let requestStop: () => void = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    requestStop = resolve;
  });
  // The client stopped reading (EPIPE): shut down as on EOF, the session is still saved.
  io.stdout.on("error", () => {
    writer.close();
    requestStop();
  });
  const guard = guardExit({ stop: requestStop, processes: () => host.current });
  try {
    await Promise.race([
      readLines(io.stdin, async (line) => {
        if (line.trim() === "") return;
        // A client that does not read its output is not given more work meanwhile.
        await writer.whenDrained();
        dispatch(line);
      }),
      // A signal ends the server even while stdin stays open.
      stopRequested,
    ]);
    return await shutDown(context, writer, inFlight);
  } finally {
    guard.dispose();
  }
}

/**
 * Handles one command line: a line that is no command is answered at once; a command
 * runs in the background (tracked in `inFlight`) and its response is written when done.
 */
function commandDispatcher(
  context: HandlerContext,
  writer: JsonLineWriter,
  inFlight: Set<Promise<void>>,
): (line: string) => void {
  const respond = (line: ResponseLine) => writer.write(line);
  return (line) => {
    const parsed = parseCommandLine(line);
    if (!parsed.ok) {
      const { command, id, error } = parsed;
      respond({
        type: "response",
        ...(id !== undefined ? { id } : {}),
        command,
        success: false,
        error,
      });
      return;
    }
    const task = execute(parsed.command, context).then(respond);
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };
}

/** Denies pending questions, aborts the run and any bash, then closes the session: exit 0. */
async function shutDown(
  context: HandlerContext,
  writer: JsonLineWriter,
  inFlight: Set<Promise<void>>,
): Promise<number> {
  const { host, uiRequests } = context;
  uiRequests.denyAll();
  host.current.abort();
  for (const controller of context.runningBash) controller.abort();
  // Commands already read still get their response (aborted ones report it).
  await Promise.allSettled([...inFlight]);
  await host.close();
  await writer.flush();
  return 0;
}

/** Runs one command; whatever happens, the result is its response line. */
async function execute(command: Command, context: HandlerContext): Promise<ResponseLine> {
  const head = {
    type: "response" as const,
    ...(command.id !== undefined ? { id: command.id } : {}),
    command: command.type,
  };
  try {
    const handler = HANDLERS[command.type] as (
      command: Command,
      context: HandlerContext,
    ) => unknown;
    const data = await handler(command, context);
    return { ...head, success: true, ...(data !== undefined ? { data } : {}) };
  } catch (error) {
    return {
      ...head,
      success: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
