import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import {
  type ClientCapabilities,
  type ClientContext,
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ReadTextFileRequest,
  type RequestPermissionRequest,
  type SessionNotification,
  type WriteTextFileRequest,
} from "@agentclientprotocol/sdk";
import type { GongSandbox } from "@gong/testing/vitest";
import { expect } from "vitest";
import { BIN, withTimeout } from "./harness.js";

export interface AcpRun {
  updates: SessionNotification[];
  permissions: RequestPermissionRequest[];
  reads: ReadTextFileRequest[];
  writes: WriteTextFileRequest[];
}

export interface AcpClientOptions {
  /** Picks the permission option (default: allow once); a promise keeps the dialog open. */
  answer?: (request: RequestPermissionRequest) => string | Promise<string>;
  /** Advertised in `initialize` (default: none). */
  clientCapabilities?: ClientCapabilities;
  /** The editor's buffers for `fs/read_text_file`, by absolute path. */
  buffers?: Map<string, string>;
  /**
   * A path with no buffer is read from and written to the disk, by name, as an editor
   * does with a file it has not opened (default: no buffer is an error).
   */
  disk?: boolean;
}

/** Spawns `gong-rpc --acp` and drives it with the SDK's own client side. */
export async function withAgent<T>(
  box: GongSandbox,
  op: (agent: ClientContext, run: AcpRun) => Promise<T>,
  options: AcpClientOptions = {},
): Promise<{ result: T; code: number | null }> {
  const {
    answer = () => "allow_once",
    clientCapabilities = {},
    buffers = new Map(),
    disk = false,
  } = options;
  const child = spawn(process.execPath, [BIN, "--acp"], {
    cwd: box.cwd,
    env: box.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const run: AcpRun = { updates: [], permissions: [], reads: [], writes: [] };
  const app = client({ name: "test-editor" })
    .onNotification(methods.client.session.update, ({ params }) => {
      run.updates.push(params);
    })
    .onRequest(methods.client.session.requestPermission, async ({ params }) => {
      run.permissions.push(params);
      return { outcome: { outcome: "selected", optionId: await answer(params) } };
    })
    .onRequest(methods.client.fs.readTextFile, ({ params }) => {
      run.reads.push(params);
      const content =
        buffers.get(params.path) ?? (disk ? readFileSync(params.path, "utf8") : undefined);
      if (content === undefined) throw new Error(`no buffer for ${params.path}`);
      return { content };
    })
    .onRequest(methods.client.fs.writeTextFile, ({ params }) => {
      run.writes.push(params);
      if (disk && !buffers.has(params.path)) writeFileSync(params.path, params.content);
      else buffers.set(params.path, params.content);
      return {};
    });
  const stream = ndJsonStream(
    Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
  );
  try {
    const result = await app.connectWith(stream, async (agent) => {
      const init = await agent.request(methods.agent.initialize, {
        protocolVersion: PROTOCOL_VERSION,
        clientCapabilities,
      });
      expect(init).toMatchObject({
        protocolVersion: PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, embeddedContext: true },
        },
      });
      return op(agent, run);
    });
    child.stdin.end();
    return { result, code: await withTimeout(exited, 10_000, "gong-rpc --acp did not exit") };
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/** The common case: a new session in the sandbox, one prompt, and what the editor saw. */
export function promptInNewSession(
  box: GongSandbox,
  text: string,
  options: AcpClientOptions = {},
): Promise<{ result: AcpRun; code: number | null }> {
  return withAgent(
    box,
    async (agent, run) => {
      const { sessionId } = await agent.request(methods.agent.session.new, {
        cwd: box.cwd,
        mcpServers: [],
      });
      await agent.request(methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: "text", text }],
      });
      return run;
    },
    options,
  );
}
