/**
 * `gong-rpc --acp`: the ACP agent on stdin/stdout (newline-delimited JSON-RPC 2.0).
 * Ends when the client closes stdin or on SIGTERM/SIGINT: every session is flushed
 * and closed (its bash jobs end), exit 0.
 */
import { readFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { ndJsonStream } from "@agentclientprotocol/sdk";
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
  const stop = () => connection.close();
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  try {
    await connection.closed;
  } finally {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
    await gong.close();
  }
  return 0;
}
