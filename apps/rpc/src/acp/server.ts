/**
 * `gong-rpc --acp`: the ACP agent on stdin/stdout (newline-delimited JSON-RPC 2.0).
 * Ends when the client closes stdin or on a stop signal (SIGTERM, SIGINT, SIGHUP): every
 * session is flushed and closed (its bash jobs end), exit 0. A second signal ends at
 * once, as in the CLI (the same exit guard).
 */
import { readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk";
import { guardExit } from "@gong/runtime";
import type { RpcArgs } from "../args.js";
import { GongAcpAgent } from "./agent.js";
import { queueBehindInitialize } from "./initialize-queue.js";

export async function runAcpServer(args: RpcArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const { version } = JSON.parse(
    readFileSync(new URL("../package.json", import.meta.url), "utf8"),
  ) as {
    version: string;
  };
  const gong = new GongAcpAgent(args, env, version);
  const stream = queueBehindInitialize(
    ndJsonStream(
      Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
      Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
    ),
  );
  const connection = gong.app().connect(stream);
  const guard = guardExit({
    stop: () => connection.close(),
    processes: () => ({ killNow: () => gong.killProcesses() }),
  });
  try {
    await connection.closed;
  } finally {
    await gong.close();
    guard.dispose();
  }
  return 0;
}
