/**
 * The MCP stdio transport gong uses instead of the SDK's `StdioClientTransport`: the
 * same newline-delimited JSON-RPC over the server's stdin and stdout, with three
 * differences (issue 34.8):
 * - the server runs in a process group of its own, so closing it ends what it started
 *   too (`npx` and the node it runs), and a gong killed with -9 leaves a group the next
 *   session can find and end (`JobLedger`, through `onSpawn` / `onExit`);
 * - closing it is stdin closed, then TERM to the group, then KILL after a grace: a
 *   server that ignores both is still ended;
 * - a message over the size limit fails the one request it answers and the server keeps
 *   running (stdio/message-reader.ts); only when that request cannot be told is the
 *   connection closed, with `failure` saying why.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { PassThrough } from "node:stream";
import { signalGroup, terminateGroup } from "@gong/tools";
import { serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { MAX_MESSAGE_BYTES, MessageReader, type ReadItem } from "./message-reader.js";

/** The JSON-RPC error code of an answer gong dropped for its size (server-error range). */
export const MESSAGE_TOO_LARGE = -32090;

/** How long a server may take to exit after its stdin closes, and after TERM. */
const CLOSE_GRACE_MS = 2_000;

/** Windows has no process groups: there the server alone is signalled. */
const OWN_GROUP = process.platform !== "win32";

export interface StdioServerOptions {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  maxMessageBytes?: number;
  /** The server's process (and group) started. */
  onSpawn?: (pid: number) => void;
  /** That process ended and its group was signalled: nothing of it is left to end. */
  onExit?: (pid: number) => void;
}

export class StdioServerProcess implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The server's stderr, readable from construction (no early line is lost). */
  readonly stderr = new PassThrough();
  /** Why gong closed the connection itself (a message it could not take), if it did. */
  failure: string | undefined;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly reader: MessageReader;

  constructor(private readonly options: StdioServerOptions) {
    this.reader = new MessageReader(options.maxMessageBytes ?? MAX_MESSAGE_BYTES);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("the MCP server process was started already");
    const { command, args, env, cwd } = this.options;
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, {
        env,
        cwd,
        stdio: ["pipe", "pipe", "pipe"],
        detached: OWN_GROUP,
        windowsHide: true,
      });
      this.child = child;
      this.exited = new Promise((settle) => child.once("close", () => settle()));
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => {
        if (child.pid !== undefined) this.options.onSpawn?.(child.pid);
        resolve();
      });
      child.once("close", () => {
        if (child.pid !== undefined) this.options.onExit?.(child.pid);
        if (this.child === child) this.child = undefined;
        this.onclose?.();
      });
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => {
        for (const item of this.reader.push(chunk)) this.deliver(item);
      });
      child.stderr?.pipe(this.stderr);
    });
  }

  private deliver(item: ReadItem): void {
    if (item.kind === "message") {
      this.onmessage?.(item.message);
      return;
    }
    if (item.kind === "invalid") {
      this.onerror?.(item.error);
      return;
    }
    const limit = this.options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
    const what = `a message of ${formatBytes(item.bytes)}, more than the ${formatBytes(limit)} gong reads from one MCP message`;
    if (item.responseTo !== undefined) {
      // The request it answers fails with the reason; the server goes on.
      this.onmessage?.({
        jsonrpc: "2.0",
        id: item.responseTo,
        error: {
          code: MESSAGE_TOO_LARGE,
          message: `the server answered with ${what}; the answer was dropped`,
          data: { bytes: item.bytes, limit },
        },
      });
      return;
    }
    if (item.request) {
      this.onerror?.(new Error(`the server sent ${what}; it was dropped`));
      return;
    }
    // An answer to a request that cannot be told: every pending call would wait for
    // nothing. Closing fails them all at once, and the restart says why.
    this.failure = `the server sent ${what} (an answer gong could not match to its call); gong closed the connection`;
    void this.close();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin) {
        reject(new Error("Not connected"));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** stdin closed, then TERM to the group, then KILL after the grace; resolves when done. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const pid = child.pid;
    try {
      child.stdin?.end();
    } catch {
      // A stdin already broken: the signals below still end the server.
    }
    await Promise.race([this.exited, sleep(CLOSE_GRACE_MS)]);
    // Also after a clean exit: what the server started may still run in its group.
    if (OWN_GROUP) await terminateGroup(pid, CLOSE_GRACE_MS);
    else if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([this.exited, sleep(CLOSE_GRACE_MS)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    await Promise.race([this.exited, sleep(CLOSE_GRACE_MS)]);
  }

  /** KILL to the server's group at once (a process about to exit without time for `close`). */
  killNow(): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    if (OWN_GROUP) signalGroup(pid, "SIGKILL");
    else this.child?.kill("SIGKILL");
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1
    ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}
