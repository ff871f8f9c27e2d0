/**
 * One MCP server for the length of a session: started once, restarted (a bounded number
 * of times) on the next call after it died, closed with the session. Every failure is a
 * value the caller can show: a server must never hang or end a run.
 */
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  ElicitRequestSchema,
  ErrorCode,
  type GetPromptResult,
  McpError,
  type Prompt as McpPromptDefinition,
  type Tool as McpToolDefinition,
  type Progress,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/sdk/types.js";
import { clientInfo } from "./client-info.js";
import { isRemoteEntry, type McpServerEntry } from "./config/entry.js";
import { type HeadersHelperResult, runHeadersHelper } from "./config/headers-helper.js";
import type { McpElicitHandler } from "./elicitation.js";
import { serverEnvironment } from "./environment.js";
import { authorizedFetch } from "./oauth/authorized-fetch.js";
import { GongOAuthProvider } from "./oauth/provider.js";
import { OAuthStore } from "./oauth/token-store.js";
import { MESSAGE_TOO_LARGE, StdioServerProcess } from "./stdio/server-process.js";
import { mcpTimeoutFromEnvironment } from "./timeout.js";

export type { GetPromptResult, McpPromptDefinition, McpToolDefinition };

/**
 * How long a server may take to start and list its tools before it counts as failed:
 * 30 s, or Claude Code's `MCP_TIMEOUT` (ms) when that is a positive number — a busy
 * machine or an `npx` that downloads the server first may need longer
 * (test/start-timeout.test.ts).
 */
export const START_TIMEOUT_MS = mcpTimeoutFromEnvironment(process.env.MCP_TIMEOUT) ?? 30_000;

/** Restarts after the server died, per session: a server that keeps crashing stays down. */
export const MAX_RESTARTS = 3;
const STDERR_LINE_MAX = 300;

export type ConnectionState = "connecting" | "connected" | "failed" | "exited" | "closed";

export interface ConnectionOptions {
  /** The session's environment; a stdio server gets only its basics (environment.ts). */
  env: NodeJS.ProcessEnv;
  /** Where a stdio server without `cwd` runs: the project. */
  cwd: string;
  /** The server's tool list changed after it started. */
  onToolsChanged: () => void;
  /** Answers the server's `elicitation/create` (form mode). */
  elicit: McpElicitHandler;
  /** Remote servers: the OAuth flow on a 401 (oauth/); absent, a 401 is a failure. */
  oauth?: McpOAuthOptions;
  /** A stdio server's process group started / ended (recorded for a gong killed with -9). */
  onProcess?: (event: "started" | "ended", pid: number) => void;
}

export interface McpOAuthOptions {
  /** Where the tokens are kept (`$GONG_HOME/mcp-oauth`). */
  dir: string;
  /** false: a login that needs the browser fails, naming `gong mcp login`. */
  interactive: boolean;
  /** Shows the authorization URL and opens it; default: a warning, then `$BROWSER` or the platform opener. */
  openAuthorizationUrl?: (server: string, url: string) => void;
}

export interface CallOptions {
  signal: AbortSignal | undefined;
  timeoutMs: number;
  onProgress: (progress: Progress) => void;
}

export type CallOutcome =
  | { kind: "result"; result: CallToolResult }
  | { kind: "aborted" }
  | { kind: "timeout" }
  /** The server died during the call (or could not be restarted for it). */
  | { kind: "exited"; reason: string; willRestart: boolean }
  /** The answer passed the size limit and was dropped; the server goes on. */
  | { kind: "too_large"; message: string }
  | { kind: "failed"; message: string };

export class McpServerConnection {
  state: ConnectionState = "connecting";
  tools: McpToolDefinition[] = [];
  /** Why the server is not usable (failed or exited), in one line. */
  error: string | undefined;
  private client: Client | undefined;
  private transport: Transport | undefined;
  private lastStderrLine = "";
  private restarts = 0;
  private starting: Promise<void> | undefined;
  /** The OAuth flows begun before the start under way (see `loggingIn`). */
  private flowsBeforeStart = 0;
  /** What the start is waiting for now (said when it is slow). */
  private startStep: "initialize" | "tools/list" = "initialize";
  private readonly oauth: GongOAuthProvider | undefined;

  constructor(
    readonly name: string,
    private readonly entry: McpServerEntry,
    private readonly options: ConnectionOptions,
  ) {
    const oauth = options.oauth;
    // An entry that sends its own Authorization header has its credentials: a 401 is
    // that token's failure to report, not a reason to log in some other way.
    const ownAuthorization = (headers: Record<string, string> | undefined) =>
      Object.keys(headers ?? {}).some((name) => name.toLowerCase() === "authorization");
    // So has one whose headersHelper makes its headers.
    if (
      isRemoteEntry(entry) &&
      oauth &&
      !ownAuthorization(entry.headers) &&
      entry.headersHelper === undefined
    ) {
      this.oauth = new GongOAuthProvider({
        server: name,
        entry: entry.oauth,
        store: new OAuthStore(oauth.dir, name, entry.url),
        interactive: oauth.interactive,
        openAuthorizationUrl: (url) => oauth.openAuthorizationUrl?.(name, url),
      });
    }
  }

  /**
   * An OAuth flow for this server (a refresh, or a login in the browser) is under way, or
   * ran during the start under way: the rest of that start (the request sent again, the
   * tool list) is the login's too, and a loaded machine can take seconds over it.
   */
  get loggingIn(): boolean {
    if (!this.oauth) return false;
    return (
      this.oauth.authorizing ||
      (this.starting !== undefined && this.oauth.flows > this.flowsBeforeStart)
    );
  }

  /** Settles when a start under way has (at once when none is); never starts one. */
  started(): Promise<void> {
    return this.starting ?? Promise.resolve();
  }

  /** Connects and lists the tools; never rejects (a failure sets `state` and `error`). */
  start(): Promise<void> {
    this.starting ??= this.connect().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async connect(): Promise<void> {
    this.flowsBeforeStart = this.oauth?.flows ?? 0;
    this.state = "connecting";
    this.error = undefined;
    this.lastStderrLine = "";
    const helped = await this.helperHeaders();
    if (!helped.ok) {
      this.state = "failed";
      this.error = helped.error;
      return;
    }
    const transport = this.createTransport(helped.headers);
    const client = new Client(clientInfo(), {
      // Form elicitation only (a URL one would send the user to a page we cannot vouch
      // for); no sampling: a server never spends the user's model budget.
      capabilities: { elicitation: { form: { applyDefaults: true } } },
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (error || !tools || this.client !== client) return;
            this.tools = tools;
            this.options.onToolsChanged();
          },
        },
      },
    });
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      const params = request.params;
      if (params.mode === "url") return { action: "decline" };
      return this.options.elicit({
        server: this.name,
        message: params.message,
        schema: params.requestedSchema,
        signal: extra.signal,
      });
    });
    this.client = client;
    this.transport = transport;
    // Only a running server "exits"; one that closes while starting fails in `connect`
    // below (and closes again after that, which must not undo "failed").
    client.onclose = () => {
      if (this.client !== client || this.state !== "connected") return;
      this.state = "exited";
      const failure = transport instanceof StdioServerProcess ? transport.failure : undefined;
      this.error = failure ?? this.withStderr("the server process exited");
    };
    try {
      this.startStep = "initialize";
      await client.connect(transport, { timeout: START_TIMEOUT_MS });
      this.startStep = "tools/list";
      this.tools = await this.listAllTools(client);
      if (this.client !== client || this.is("closed")) return;
      this.state = "connected";
    } catch (error) {
      if (this.client !== client || this.is("closed")) return;
      this.state = "failed";
      this.error = this.withStderr(describeError(error));
      await client.close().catch(() => undefined);
    }
  }

  private async listAllTools(client: Client): Promise<McpToolDefinition[]> {
    if (!client.getServerCapabilities()?.tools) return [];
    const tools: McpToolDefinition[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: START_TIMEOUT_MS });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return tools;
  }

  /** `headersHelper`'s headers, run anew for each connection (config/headers-helper.ts). */
  private async helperHeaders(): Promise<HeadersHelperResult> {
    const entry = this.entry;
    if (!isRemoteEntry(entry) || entry.headersHelper === undefined)
      return { ok: true, headers: {} };
    return runHeadersHelper(entry.headersHelper, { cwd: this.options.cwd, env: this.options.env });
  }

  private createTransport(helperHeaders: Record<string, string>): Transport {
    const entry = this.entry;
    if (isRemoteEntry(entry)) {
      const url = new URL(entry.url);
      const headers = { ...entry.headers, ...helperHeaders };
      const options = {
        ...(Object.keys(headers).length > 0 ? { requestInit: { headers } } : {}),
        ...(this.oauth ? { fetch: authorizedFetch(this.oauth, url) } : {}),
      };
      return entry.type === "sse"
        ? new SSEClientTransport(url, options)
        : new StreamableHTTPClientTransport(url, options);
    }
    const onProcess = this.options.onProcess;
    const transport = new StdioServerProcess({
      command: entry.command,
      args: entry.args ?? [],
      env: serverEnvironment(this.options.env, entry.env),
      // A relative `cwd` is the project's subfolder, wherever gong itself was started.
      cwd: path.resolve(this.options.cwd, entry.cwd ?? "."),
      ...(onProcess
        ? {
            onSpawn: (pid: number) => onProcess("started", pid),
            onExit: (pid: number) => onProcess("ended", pid),
          }
        : {}),
    });
    // Read (so a chatty server never blocks on a full pipe) and keep the last line: it is
    // usually why the server stopped.
    transport.stderr.on("data", (chunk: Buffer) => {
      const lines = chunk
        .toString("utf8")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      const last = lines[lines.length - 1];
      if (last) this.lastStderrLine = last.slice(0, STDERR_LINE_MAX);
    });
    return transport;
  }

  /** While connecting: the step the server has not answered yet. */
  get waitingFor(): string | undefined {
    return this.state === "connecting" ? this.startStep : undefined;
  }

  /** The state now: it changes while a call or start is awaited (TypeScript narrows it too early). */
  private is(state: ConnectionState): boolean {
    return this.state === state;
  }

  private withStderr(reason: string): string {
    return this.lastStderrLine ? `${reason}: ${this.lastStderrLine}` : reason;
  }

  /** Whether the server offers resources (`list_mcp_resources` / `read_mcp_resource`). */
  get offersResources(): boolean {
    return this.state === "connected" && !!this.client?.getServerCapabilities()?.resources;
  }

  /** Every resource the server lists (all pages); throws what the server or transport threw. */
  async listResources(signal: AbortSignal | undefined): Promise<Resource[]> {
    const client = this.connectedClient();
    const resources: Resource[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listResources(cursor ? { cursor } : {}, {
        ...(signal ? { signal } : {}),
        timeout: START_TIMEOUT_MS,
      });
      resources.push(...page.resources);
      cursor = page.nextCursor;
    } while (cursor);
    return resources;
  }

  async readResource(uri: string, signal: AbortSignal | undefined): Promise<ReadResourceResult> {
    return this.connectedClient().readResource(
      { uri },
      { ...(signal ? { signal } : {}), timeout: START_TIMEOUT_MS },
    );
  }

  private connectedClient(): Client {
    if (this.state !== "connected" || !this.client) {
      throw new Error(this.error ?? `the server is ${this.state}`);
    }
    return this.client;
  }

  /** Calls a tool, restarting a server that died since the last call (bounded). */
  async call(
    tool: string,
    args: Record<string, unknown>,
    options: CallOptions,
  ): Promise<CallOutcome> {
    if (this.state === "exited") {
      if (this.restarts >= MAX_RESTARTS) {
        return { kind: "exited", reason: this.error ?? "the server exited", willRestart: false };
      }
      this.restarts++;
      await this.start();
    }
    if (this.starting) await this.starting;
    const client = this.client;
    if (this.state !== "connected" || !client) {
      return { kind: "failed", message: this.error ?? `the server is ${this.state}` };
    }
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, {
        ...(options.signal ? { signal: options.signal } : {}),
        timeout: options.timeoutMs,
        // Progress notifications prove the server is working: each restarts the clock.
        resetTimeoutOnProgress: true,
        onprogress: options.onProgress,
      });
      return { kind: "result", result: result as CallToolResult };
    } catch (error) {
      if (options.signal?.aborted) return { kind: "aborted" };
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        return { kind: "timeout" };
      }
      if (error instanceof McpError && error.code === MESSAGE_TOO_LARGE) {
        return { kind: "too_large", message: error.message.replace(/^MCP error -?\d+: /, "") };
      }
      if (this.is("exited") || this.is("failed")) {
        const willRestart = this.restarts < MAX_RESTARTS;
        return { kind: "exited", reason: this.error ?? describeError(error), willRestart };
      }
      return { kind: "failed", message: describeError(error) };
    }
  }

  /** The server's prompts (none when it offers none, or is not connected). */
  async listPrompts(): Promise<McpPromptDefinition[]> {
    const client = this.client;
    if (this.state !== "connected" || !client?.getServerCapabilities()?.prompts) return [];
    const prompts: McpPromptDefinition[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listPrompts(cursor ? { cursor } : {}, {
        timeout: START_TIMEOUT_MS,
      });
      prompts.push(...page.prompts);
      cursor = page.nextCursor;
    } while (cursor);
    return prompts;
  }

  /** One prompt's messages; a failure is its one-line reason. */
  async getPrompt(
    name: string,
    args: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<{ ok: true; result: GetPromptResult } | { ok: false; error: string }> {
    const client = this.client;
    if (this.state !== "connected" || !client) {
      return { ok: false, error: this.error ?? `the server is ${this.state}` };
    }
    try {
      const result = await client.getPrompt(
        { name, arguments: args },
        { timeout: START_TIMEOUT_MS, ...(signal ? { signal } : {}) },
      );
      return { ok: true, result };
    } catch (error) {
      return { ok: false, error: describeError(error) };
    }
  }

  /** Ends the server and starts it again (`/mcp reconnect`): a fresh restart budget too. */
  async reconnect(): Promise<void> {
    if (this.starting) await this.starting;
    const client = this.client;
    // Cleared first: the old client's close must not mark the new connection exited.
    this.client = undefined;
    await client?.close().catch(() => undefined);
    this.restarts = 0;
    await this.start();
  }

  /** Ends the server (stdin closed, then TERM, then KILL to its group: stdio/server-process.ts). */
  async close(): Promise<void> {
    this.state = "closed";
    this.oauth?.close();
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
  }

  /** KILLs a stdio server's group at once: for a process that exits without time for `close`. */
  killNow(): void {
    if (this.transport instanceof StdioServerProcess) this.transport.killNow();
  }
}

function describeError(error: unknown): string {
  // The SDK's -32000 "Connection closed" is what a server that crashed or exited leaves.
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed)
    return "the server closed the connection before it answered (a local server's process exited: run its command yourself to see why)";
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return `command not found (${error.message})`;
    // fetch's own message is only "fetch failed": why (refused, DNS, TLS) is in its cause.
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return cause && !error.message.includes(cause) ? `${error.message} (${cause})` : error.message;
  }
  return String(error);
}
