/**
 * The MCP servers of one session: all started in parallel when it opens, their tools
 * offered to the model as they become ready, all ended when it closes. A server that
 * fails is one warning and a status line (`gong mcp list`); the session goes on.
 */
import type { Tool } from "@gong/tools";
import type { McpServerEntry } from "./config/entry.js";
import { expandEntry } from "./config/expand.js";
import { type McpOAuthOptions, McpServerConnection, START_TIMEOUT_MS } from "./connection.js";
import { declineElicitation, type McpElicitHandler } from "./elicitation.js";
import { createMcpTool } from "./mcp-tool.js";
import { uniqueToolNames } from "./names.js";
import { CALLBACK_TIMEOUT_MS } from "./oauth/callback-listener.js";
import { openUrl } from "./oauth/open-url.js";
import {
  type McpPrompt,
  type McpPromptText,
  promptArguments,
  promptInfo,
  promptText,
} from "./prompts.js";
import { createResourceTools } from "./resource-tools.js";
import {
  createToolSearchTool,
  definitionTokens,
  type McpToolSearch,
  TOOL_SEARCH_SHARE,
} from "./tool-search.js";

export type McpServerState = "connecting" | "connected" | "failed" | "disabled";

export interface McpServerStatus {
  name: string;
  status: McpServerState;
  /** Tools offered to the model (after `includeTools` / `excludeTools`). */
  tools: number;
  error?: string;
}

export interface McpServersOptions {
  /** Merged entries by name (config/sources.ts), `${VAR}` not yet expanded. */
  servers: Record<string, McpServerEntry>;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** One line per server that failed to start. */
  warn: (message: string) => void;
  /**
   * Per server, the variables its `${VAR}` may not read: a project's file never gets the
   * user's provider API keys (they read as unset, and a warning names them).
   */
  withheldVariables?: Readonly<Record<string, readonly string[]>>;
  /** Answers a server's elicitation; default: declined (nobody can answer). */
  elicit?: McpElicitHandler;
  /** Remote servers log in with OAuth on a 401 (`oauth/`); absent, a 401 is a failure. */
  oauth?: McpOAuthOptions;
  /**
   * Where the process groups of the stdio servers running now are recorded (`JobLedger`
   * of @gong/tools), so that the next session ends them if this gong is killed with -9.
   */
  processLedger?: McpProcessLedger;
}

/** What `McpServers` needs of a `JobLedger`: the groups that may still run. */
export interface McpProcessLedger {
  record(pgids: readonly number[]): void;
}

export interface McpToolSelection {
  /** The `readonly` preset: only tools the server marks `readOnlyHint`. */
  readOnlyOnly?: boolean;
  /** An explicit tool list (`--tools`): only the MCP tools it names. */
  names?: readonly string[];
  /** Offer `mcp_tool_search` instead when the definitions would crowd the context window. */
  toolSearch?: McpToolSearch;
}

interface Server {
  name: string;
  entry: McpServerEntry;
  connection?: McpServerConnection;
  /** Why it never started (an unset `${VAR}`). */
  error?: string;
}

export class McpServers {
  private readonly servers: Server[];
  private readonly started: Promise<void>;
  private readonly listeners = new Set<() => void>();
  private readonly warn: (message: string) => void;
  /** Tools `mcp_tool_search` returned: offered beside it from then on. */
  private readonly unlocked = new Set<string>();

  constructor(options: McpServersOptions) {
    this.warn = options.warn;
    const oauth = options.oauth && {
      ...options.oauth,
      openAuthorizationUrl:
        options.oauth.openAuthorizationUrl ??
        ((server: string, url: string) => {
          options.warn(
            `MCP server "${server}" needs a login: opening ${url} in the browser (open it yourself if none comes up; waiting up to ${CALLBACK_TIMEOUT_MS / 60_000} minutes).`,
          );
          openUrl(url, options.env);
        }),
    };
    const notify = () => this.notify();
    const onProcess = processRecorder(options.processLedger);
    this.servers = Object.entries(options.servers).map(([name, raw]) => {
      if (raw.disabled) return { name, entry: raw };
      const expanded = expandEntry(
        raw,
        options.env,
        new Set(ownValue(options.withheldVariables, name) ?? []),
      );
      if (expanded.withheld.length > 0) {
        options.warn(
          `MCP server "${name}" comes from the project's files, which never get your provider API keys: ${expanded.withheld.map((v) => `\${${v}}`).join(", ")} not expanded (read as unset); to hand this server a key, define it in your user settings (~/.gong/settings.json "mcpServers").`,
        );
      }
      if (!expanded.ok) {
        const error = `${expanded.missing.map((v) => `\${${v}}`).join(", ")} not set in the environment`;
        options.warn(`MCP server "${name}" was not started: ${error}.`);
        return { name, entry: raw, error };
      }
      const connection = new McpServerConnection(name, expanded.entry, {
        env: options.env,
        cwd: options.cwd,
        onToolsChanged: notify,
        elicit: options.elicit ?? declineElicitation,
        ...(oauth ? { oauth } : {}),
        ...(onProcess ? { onProcess } : {}),
      });
      return { name, entry: raw, connection };
    });
    this.started = Promise.all(
      this.servers.map(async ({ name, connection }) => {
        if (!connection) return;
        await connection.start();
        if (connection.state === "failed") {
          options.warn(
            `MCP server "${name}" failed to start: ${connection.error}; the session goes on without its tools.`,
          );
        } else if (connection.state === "connected") notify();
      }),
    ).then(() => undefined);
  }

  /**
   * Waits until every server started or failed, or `maxWaitMs` passed: a slow one joins
   * later, and is one warning now, naming what it has not answered — else a `gong -p`
   * that ends before the server's own timeout would drop it without a word
   * (mcp.test.ts, "a server that never answers initialize").
   */
  async ready(maxWaitMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
      timer.unref();
    });
    await Promise.race([this.started, waited]);
    clearTimeout(timer);
    // A login (the user at work in the browser) or a token refresh is not a slow
    // server: its tools are worth the wait (bounded by the callback's own timeout).
    const loggingIn = this.servers.flatMap(({ connection }) =>
      connection?.loggingIn ? [connection.started()] : [],
    );
    for (const { name, connection } of this.servers) {
      const step = connection?.loggingIn ? undefined : connection?.waitingFor;
      if (!step) continue;
      this.warn(
        `MCP server "${name}" has not answered ${step} after ${formatSeconds(maxWaitMs)}; the session goes on without its tools for now (they join when it is ready; it has ${formatSeconds(START_TIMEOUT_MS)} to start).`,
      );
    }
    await Promise.all(loggingIn);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Called when a server's tools arrive late or change (`tools/list_changed`), or search unlocked some. */
  onToolsChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The tools of the servers connected now; with `toolSearch`, when their definitions
   * would take more than a tenth of the context window, `mcp_tool_search` and the
   * tools it returned so far instead.
   */
  tools(selection: McpToolSelection = {}): Tool[] {
    return [...this.serverTools(selection), ...this.resourceTools(selection)];
  }

  /** list_mcp_resources / read_mcp_resource while a connected server offers resources. */
  private resourceTools(selection: McpToolSelection): Tool[] {
    const offering = () =>
      this.servers.flatMap(({ connection }) => (connection?.offersResources ? [connection] : []));
    if (offering().length === 0) return [];
    return createResourceTools(offering).filter(
      (tool) => selection.names === undefined || selection.names.includes(tool.name),
    );
  }

  private serverTools(selection: McpToolSelection): Tool[] {
    const all = this.selectedTools(selection);
    const search = selection.toolSearch;
    if (!search || all.length === 0) return all;
    const budget = search.contextWindow * TOOL_SEARCH_SHARE;
    if (definitionTokens(all, search.countTokens) <= budget) return all;
    const searchTool = createToolSearchTool({
      tools: () => this.selectedTools(selection),
      unlock: (names) => {
        const before = this.unlocked.size;
        for (const name of names) this.unlocked.add(name);
        if (this.unlocked.size > before) this.notify();
      },
    });
    return [searchTool, ...all.filter((tool) => this.unlocked.has(tool.name))];
  }

  private selectedTools(selection: McpToolSelection): Tool[] {
    const tools = this.offered().map((t) =>
      createMcpTool({
        name: t.name,
        connection: t.connection,
        definition: t.definition,
        timeoutMs: t.entry.timeout,
      }),
    );
    return tools.filter(
      (tool) =>
        (!selection.readOnlyOnly || tool.readOnly === true) &&
        (selection.names === undefined || selection.names.includes(tool.name)),
    );
  }

  /** The gong names of one server's tools offered now (`gong mcp get`). */
  toolNames(server: string): string[] {
    return this.offered()
      .filter((t) => t.server === server)
      .map((t) => t.name);
  }

  /** Every tool offered now with its gong name, unique across the servers. */
  private offered() {
    const offered = this.servers.flatMap(({ name, entry, connection }) => {
      if (connection?.state !== "connected" && connection?.state !== "exited") return [];
      return connection.tools
        .filter((definition) => offers(entry, definition.name))
        .map((definition) => ({ server: name, entry, connection, definition }));
    });
    const names = uniqueToolNames(
      offered.map((t) => ({ server: t.server, tool: t.definition.name })),
    );
    return offered.map((t, index) => ({ ...t, name: names[index] as string }));
  }

  /**
   * The prompts of the servers connected now, as slash commands; a server whose list
   * cannot be read offers none (one warning).
   */
  async prompts(): Promise<McpPrompt[]> {
    return (await this.listedPrompts()).map(({ info }) => info);
  }

  /** Fills `/mcp__<server>__<prompt>`'s arguments from `words` and gets its messages. */
  async getPrompt(
    name: string,
    words: readonly string[],
    signal?: AbortSignal,
  ): Promise<McpPromptText> {
    const found = (await this.listedPrompts()).find((prompt) => prompt.info.name === name);
    if (!found) return { ok: false, error: `/${name}: no connected MCP server offers this prompt` };
    const args = promptArguments(name, found.definition, words);
    if (!args.ok) return args;
    const got = await found.connection.getPrompt(found.definition.name, args.args, signal);
    if (!got.ok) return { ok: false, error: `/${name} failed: ${got.error}` };
    return { ok: true, ...promptText(got.result) };
  }

  private async listedPrompts() {
    const listed = await Promise.all(
      this.servers.map(async ({ name, connection }) => {
        if (connection?.state !== "connected") return [];
        try {
          const definitions = await connection.listPrompts();
          return definitions.map((definition) => ({ server: name, connection, definition }));
        } catch (error) {
          this.warn(`MCP server "${name}" did not list its prompts: ${(error as Error).message}`);
          return [];
        }
      }),
    );
    const prompts = listed.flat();
    const names = uniqueToolNames(
      prompts.map((p) => ({ server: p.server, tool: p.definition.name })),
    );
    return prompts.map((p, index) => ({
      ...p,
      info: promptInfo(names[index] as string, p.server, p.definition),
    }));
  }

  statuses(): McpServerStatus[] {
    return this.servers.map(({ name, entry, connection, error }) => {
      if (entry.disabled) return { name, status: "disabled", tools: 0 };
      if (!connection) return { name, status: "failed", tools: 0, error: error ?? "not started" };
      const tools = connection.tools.filter((t) => offers(entry, t.name)).length;
      switch (connection.state) {
        case "connected":
          return { name, status: "connected", tools };
        case "exited":
          // Restarted on the next call: still usable, so still offered.
          return { name, status: "connected", tools, error: connection.error ?? "exited" };
        case "connecting":
          return { name, status: "connecting", tools: 0 };
        default:
          return { name, status: "failed", tools: 0, error: connection.error ?? connection.state };
      }
    });
  }

  /**
   * Ends and starts again the server named (every started one when none is), then
   * offers their tools anew; a server that still fails says why in its status.
   */
  async reconnect(name?: string): Promise<McpServerStatus[]> {
    const chosen = this.servers.filter((s) => name === undefined || s.name === name);
    await Promise.all(chosen.map((s) => s.connection?.reconnect()));
    this.notify();
    return this.statuses();
  }

  /** Ends every server; safe to call twice. */
  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.all(this.servers.map((server) => server.connection?.close()));
  }

  /** KILLs every stdio server at once (a process about to exit without time for `close`). */
  killNow(): void {
    for (const server of this.servers) server.connection?.killNow();
  }
}

function offers(entry: McpServerEntry, tool: string): boolean {
  if (entry.includeTools && !entry.includeTools.includes(tool)) return false;
  return !entry.excludeTools?.includes(tool);
}

/** `processLedger` kept up to date with the stdio servers' groups running now. */
function processRecorder(ledger: McpProcessLedger | undefined) {
  if (!ledger) return undefined;
  const running = new Set<number>();
  return (event: "started" | "ended", pid: number) => {
    if (event === "started") running.add(pid);
    else running.delete(pid);
    ledger.record([...running]);
  };
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** A record's own value: a server named `constructor` or `toString` is no inherited key. */
function ownValue<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
