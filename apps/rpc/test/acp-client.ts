import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import {
  type ClientCapabilities,
  type ClientContext,
  type CreateTerminalRequest,
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ReadTextFileRequest,
  type RequestPermissionRequest,
  type SessionNotification,
  type WriteTextFileRequest,
} from "@agentclientprotocol/sdk";
import { HANG_GUARD_MS } from "@gong/testing";
import type { GongSandbox } from "@gong/testing/vitest";
import { expect } from "vitest";
import { BIN, withTimeout } from "./harness.js";

export interface AcpRun {
  updates: SessionNotification[];
  permissions: RequestPermissionRequest[];
  /** Permission requests the agent withdrew (`$/cancel_request`) before they were answered. */
  withdrawn: RequestPermissionRequest[];
  reads: ReadTextFileRequest[];
  writes: WriteTextFileRequest[];
  /** Every `terminal/*` request, in order: `create` with its params, the others by id. */
  terminal: { method: string; terminalId?: string; create?: CreateTerminalRequest }[];
}

/**
 * The editor's terminals (`terminal/*`, when `clientCapabilities.terminal` is set): each
 * command runs as a local process whose environment says it is the editor's
 * (`EDITOR_TERMINAL=yes`), its output merged and kept whole.
 */
class EditorTerminals {
  private next = 1;
  private readonly running = new Map<
    string,
    {
      child: ChildProcess;
      /** `outputByteLimit`: `terminal/output` keeps only the last this many bytes. */
      limit: number | undefined;
      output: string;
      exit: Promise<{ exitCode: number | null; signal: string | null }>;
    }
  >();

  create(params: CreateTerminalRequest, baseEnv: NodeJS.ProcessEnv): string {
    const terminalId = `term-${this.next++}`;
    const env: NodeJS.ProcessEnv = { ...baseEnv, EDITOR_TERMINAL: "yes" };
    for (const variable of params.env ?? []) env[variable.name] = variable.value;
    const child = spawn(params.command, params.args ?? [], {
      cwd: params.cwd ?? undefined,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const entry = {
      child,
      limit: params.outputByteLimit ?? undefined,
      output: "",
      exit: new Promise<{ exitCode: number | null; signal: string | null }>((resolve) =>
        child.on("close", (exitCode, signal) => resolve({ exitCode, signal })),
      ),
    };
    for (const stream of [child.stdout, child.stderr])
      stream?.setEncoding("utf8").on("data", (chunk: string) => {
        entry.output += chunk;
      });
    this.running.set(terminalId, entry);
    return terminalId;
  }

  get(terminalId: string) {
    const entry = this.running.get(terminalId);
    if (!entry) throw new Error(`no terminal ${terminalId}`);
    return entry;
  }

  release(terminalId: string): void {
    this.get(terminalId).child.kill("SIGKILL");
    this.running.delete(terminalId);
  }

  closeAll(): void {
    for (const id of [...this.running.keys()]) this.release(id);
  }
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
  const run: AcpRun = {
    updates: [],
    permissions: [],
    withdrawn: [],
    reads: [],
    writes: [],
    terminal: [],
  };
  const terminals = new EditorTerminals();
  const app = client({ name: "test-editor" })
    .onNotification(methods.client.session.update, ({ params }) => {
      run.updates.push(params);
    })
    .onRequest(methods.client.session.requestPermission, async ({ params, signal }) => {
      run.permissions.push(params);
      signal.addEventListener("abort", () => run.withdrawn.push(params), { once: true });
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
    })
    .onRequest(methods.client.terminal.create, ({ params }) => {
      const terminalId = terminals.create(params, box.env);
      run.terminal.push({ method: "create", terminalId, create: params });
      return { terminalId };
    })
    .onRequest(methods.client.terminal.output, async ({ params }) => {
      run.terminal.push({ method: "output", terminalId: params.terminalId });
      const entry = terminals.get(params.terminalId);
      const exited = await Promise.race([entry.exit, Promise.resolve(undefined)]);
      // As the spec says: over the limit, the start is dropped (ASCII here, so bytes = chars).
      const truncated = entry.limit !== undefined && entry.output.length > entry.limit;
      const output = truncated ? entry.output.slice(-entry.limit!) : entry.output;
      return { output, truncated, ...(exited ? { exitStatus: exited } : {}) };
    })
    .onRequest(methods.client.terminal.waitForExit, async ({ params }) => {
      run.terminal.push({ method: "wait_for_exit", terminalId: params.terminalId });
      return terminals.get(params.terminalId).exit;
    })
    .onRequest(methods.client.terminal.kill, ({ params }) => {
      run.terminal.push({ method: "kill", terminalId: params.terminalId });
      terminals.get(params.terminalId).child.kill("SIGTERM");
      return {};
    })
    .onRequest(methods.client.terminal.release, ({ params }) => {
      run.terminal.push({ method: "release", terminalId: params.terminalId });
      terminals.release(params.terminalId);
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
          mcpCapabilities: { http: true, sse: true },
        },
      });
      return op(agent, run);
    });
    child.stdin.end();
    return {
      result,
      code: await withTimeout(exited, HANG_GUARD_MS, "gong-rpc --acp did not exit"),
    };
  } finally {
    terminals.closeAll();
    if (child.exitCode === null) child.kill("SIGKILL");
  }
}

/**
 * A new session in `cwd` and its first prompt, not awaited: a test can act while the
 * prompt runs (cancel it, answer a permission) and then await `prompting`.
 */
export async function startPromptInNewSession(agent: ClientContext, cwd: string, text: string) {
  const { sessionId } = await agent.request(methods.agent.session.new, { cwd, mcpServers: [] });
  const prompting = agent.request(methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: "text", text }],
  });
  return { sessionId, prompting };
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
      await (await startPromptInNewSession(agent, box.cwd, text)).prompting;
      return run;
    },
    options,
  );
}
