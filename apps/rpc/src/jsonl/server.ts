/**
 * The JSON-lines server (default mode): the session header line, then a response per
 * command and every agent event as its own line, until stdin ends or a stop signal
 * (SIGTERM, SIGINT, SIGHUP) arrives — then the run is aborted, the session flushed and
 * closed, exit 0. A second signal ends at once (the CLI's rule, the same exit guard:
 * the user means "now").
 */
import { ProtocolSession } from "@gong/protocol";
import { guardExit } from "@gong/runtime";
import type { RpcArgs } from "../args.js";
import { sessionOptions } from "../session-options.js";
import { JsonLineWriter, readLines } from "./framing.js";

export interface ServerIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
}

export async function runJsonLinesServer(args: RpcArgs, io: ServerIo): Promise<number> {
  const writer = new JsonLineWriter(io.stdout);
  const opened = await ProtocolSession.open({
    sessionOptions: (questions) => sessionOptions(args, io.env, questions),
    send: (line) => writer.write(line),
    confirmTimeoutMs: args.confirmTimeoutMs,
  });
  if (!opened.ok) {
    io.stderr(`gong-rpc: ${opened.error.message}\n`);
    return opened.error.usage ? 2 : 1;
  }
  const protocol = opened.protocol;

  let requestStop: () => void = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    requestStop = resolve;
  });
  // The client stopped reading (EPIPE): shut down as on EOF, the session is still saved.
  io.stdout.on("error", () => {
    writer.close();
    requestStop();
  });
  const guard = guardExit({ stop: requestStop, processes: () => protocol.host.current.processes });
  try {
    await Promise.race([
      readLines(io.stdin, async (line) => {
        if (line.trim() === "") return;
        // A client that does not read its output is not given more work meanwhile.
        await writer.whenDrained();
        // The command runs in the background; its response is written when done.
        void protocol.respond(line).then((response) => writer.write(response));
      }),
      // A signal ends the server even while stdin stays open.
      stopRequested,
    ]);
    await protocol.shutDown();
    await writer.flush();
    return 0;
  } finally {
    guard.dispose();
  }
}
