/**
 * A session's language servers: one per server entry and project root, started on the
 * first file of its language the agent touches, restarted once after a crash, all ended
 * by `close()`. Every wait has a bound; a server that is missing, failed or slow costs
 * the diagnostics, never the edit.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type JobLedger, signalGroup } from "@gong/tools";
import type { LanguageServerClient } from "./client.js";
import { type FileDiagnostic, fromProtocol, markPreExisting } from "./diagnostic.js";
import { findCommand } from "./find-command.js";
import { pullDiagnostics } from "./pull-diagnostics.js";
import { type LanguageServerEntry, languageIdOf } from "./server-entries.js";
import { serverRoot } from "./server-root.js";

/** Default bound of the wait for an edit's diagnostics. */
export const DIAGNOSTICS_WAIT_MS = 3000;
/** How long a server must stay quiet after the changed file's publication (client.ts `settle`). */
const QUIET_MS = 150;

export interface LanguageServersOptions {
  /** The project root; servers' roots are at or below it. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  entries: readonly LanguageServerEntry[];
  /** Names whose entries the user wrote (settings): a missing command is a warning for them. */
  configured?: readonly string[];
  warn: (message: string) => void;
  diagnosticsWaitMs?: number;
  /** Records the servers' process groups, so a gong killed with -9 leaves none behind. */
  ledger?: JobLedger;
}

export type ServerState = "starting" | "running" | "failed" | "not-found" | "stopped";

export interface ServerStatus {
  name: string;
  command: string;
  /** Absent for a server not started yet. */
  root?: string;
  state: ServerState;
  pid?: number;
  error?: string;
}

/** The diagnostics of one change: the changed file's, and other open files' that changed. */
export interface ChangeDiagnostics {
  /** The server answered within the bound. */
  complete: boolean;
  server: string;
  diagnostics: FileDiagnostic[];
}

interface Running {
  entry: LanguageServerEntry;
  root: string;
  state: ServerState;
  client?: LanguageServerClient;
  starting?: Promise<LanguageServerClient | undefined>;
  restarts: number;
  error?: string;
  /** sha256 of the text last sent per uri, and the publication count right before it. */
  sent: Map<string, { hash: string; since: number }>;
}

export class LanguageServers {
  private readonly servers = new Map<string, Running>();
  private readonly missing = new Set<string>();
  private closed = false;
  readonly diagnosticsWaitMs: number;

  constructor(private readonly options: LanguageServersOptions) {
    this.diagnosticsWaitMs = options.diagnosticsWaitMs ?? DIAGNOSTICS_WAIT_MS;
    for (const name of options.configured ?? []) {
      const entry = options.entries.find((candidate) => candidate.name === name);
      if (entry && !this.commandOf(entry, options.cwd)) {
        this.missing.add(entry.name);
        options.warn(
          `language server "${entry.name}": command "${entry.command}" not found on PATH or in node_modules/.bin; its files get no diagnostics (install it, or fix settings lsp.${entry.name}.command)`,
        );
      }
    }
  }

  /**
   * Whether a server could run for this project (the `lsp` tool is offered then): its
   * command is found, and the project root holds one of its root markers (a Rust server on
   * PATH is no use in a TypeScript project; an entry without markers counts everywhere).
   */
  available(): boolean {
    const { cwd } = this.options;
    return this.options.entries.some(
      (entry) =>
        (entry.rootMarkers.length === 0 ||
          entry.rootMarkers.some((marker) => existsSync(path.join(cwd, marker)))) &&
        this.commandOf(entry, cwd) !== undefined,
    );
  }

  /** Whether a server is configured for this file's extension. */
  handles(file: string): boolean {
    return this.entryFor(file) !== undefined;
  }

  status(): ServerStatus[] {
    const rows: ServerStatus[] = [];
    for (const running of this.servers.values()) {
      rows.push({
        name: running.entry.name,
        command: running.entry.command,
        root: running.root,
        state: running.state,
        ...(running.client?.pid !== undefined && running.state === "running"
          ? { pid: running.client.pid }
          : {}),
        ...(running.error ? { error: running.error } : {}),
      });
    }
    const started = new Set(rows.map((row) => row.name));
    for (const entry of this.options.entries) {
      if (started.has(entry.name)) continue;
      const found = this.commandOf(entry, this.options.cwd) !== undefined;
      rows.push({
        name: entry.name,
        command: entry.command,
        state: found ? "stopped" : "not-found",
      });
    }
    return rows;
  }

  /** Starts the file's server and opens the file, without waiting (a read warms it up). */
  touch(file: string): void {
    const deadline = Date.now() + this.diagnosticsWaitMs;
    void this.synced(file, deadline).catch(() => {});
  }

  /**
   * The file's diagnostics as they are now, to compare an edit's with: what the server
   * published for the text it has, waited for up to the bound when the file was not open.
   */
  async before(file: string): Promise<FileDiagnostic[] | undefined> {
    if (!this.handles(file)) return undefined;
    const deadline = Date.now() + this.diagnosticsWaitMs;
    const synced = await this.synced(file, deadline);
    if (!synced) return undefined;
    const { client, uri, since } = synced;
    const pulled = await pullDiagnostics(client, file, uri, Math.max(0, deadline - Date.now()));
    if (pulled) return pulled;
    const settled = await client.settle(uri, since, deadline, QUIET_MS);
    if (!settled.arrived) return undefined;
    return (client.diagnosticsOf(uri)?.diagnostics ?? []).map((d) => fromProtocol(file, d));
  }

  /** After a change on disk: sends the new text and waits (bounded) for the diagnostics. */
  async afterChange(
    file: string,
    before: readonly FileDiagnostic[] | undefined,
  ): Promise<ChangeDiagnostics | undefined> {
    const entry = this.entryFor(file);
    if (!entry) return undefined;
    const deadline = Date.now() + this.diagnosticsWaitMs;
    const synced = await this.synced(file, deadline);
    if (!synced) return undefined;
    const { client, uri, since, previous } = synced;
    const pulled = await pullDiagnostics(client, file, uri, Math.max(0, deadline - Date.now()));
    // Pulled: the other open files' publications that came meanwhile, without a wait.
    const settled = pulled
      ? { arrived: true, updated: client.publishedSince(since) }
      : await client.settle(uri, since, deadline, QUIET_MS);
    const published = settled.arrived ? (client.diagnosticsOf(uri)?.diagnostics ?? []) : [];
    const own = pulled ?? published.map((d) => fromProtocol(file, d));
    const diagnostics = before === undefined ? [...own] : markPreExisting(before, own);
    for (const params of settled.updated) {
      if (params.uri === uri) continue;
      const other = fileURLToPath(params.uri);
      const now = params.diagnostics.map((d) => fromProtocol(other, d));
      diagnostics.push(...markPreExisting(previous.get(params.uri) ?? now, now));
    }
    return { complete: settled.arrived, server: entry.name, diagnostics };
  }

  /** Files the servers have open whose text on disk is no longer what they were sent. */
  async changedOpenFiles(): Promise<string[]> {
    const changed: string[] = [];
    for (const running of this.servers.values()) {
      for (const [uri, sent] of running.sent) {
        const file = fileURLToPath(uri);
        const text = await readFile(file, "utf8").catch(() => undefined);
        if (text !== undefined && hashOf(text) !== sent.hash) changed.push(file);
      }
    }
    return changed;
  }

  /** A request about a position or a file, to the file's server (bounded); `undefined` without one. */
  async query<T>(
    file: string,
    boundMs: number,
    ask: (client: LanguageServerClient, uri: string, remainingMs: number) => Promise<T>,
  ): Promise<{ server: string; answer: T } | undefined> {
    const deadline = Date.now() + boundMs;
    const synced = await this.synced(file, deadline);
    if (!synced) return undefined;
    // A file just opened: the server answers from a half-loaded project until it has
    // published the file's diagnostics (references found only the file itself). A server
    // that publishes nothing gets half of what is left, the request the rest.
    const settleBy = Date.now() + Math.max(0, deadline - Date.now()) / 2;
    await synced.client.settle(synced.uri, synced.since, settleBy, 0);
    const remaining = Math.max(0, deadline - Date.now());
    return {
      server: synced.client.entry.name,
      answer: await ask(synced.client, synced.uri, remaining),
    };
  }

  /** KILLs every server's process group at once: for a gong about to exit without time for `close`. */
  killNow(): void {
    this.closed = true;
    for (const running of this.servers.values()) {
      const pid = running.client?.pid;
      if (pid !== undefined) signalGroup(pid, "SIGKILL");
    }
  }

  /** Ends every server and what it started. */
  async close(): Promise<void> {
    this.closed = true;
    const stops: Promise<void>[] = [];
    for (const running of this.servers.values()) {
      const client = running.client;
      running.state = "stopped";
      running.client = undefined;
      if (client) stops.push(client.stop());
      else if (running.starting)
        stops.push(running.starting.then((late) => late?.stop()).catch(() => {}));
    }
    await Promise.all(stops);
    this.options.ledger?.clear();
  }

  /**
   * The file's running server with the file's current text sent (opened or changed), or
   * `undefined` when there is none by `deadline`. `since` is the publication count
   * before the text was sent; `previous` the open files' diagnostics before it.
   */
  private async synced(file: string, deadline: number) {
    const entry = this.entryFor(file);
    if (!entry || this.closed) return undefined;
    const running = this.runningFor(entry, file);
    const client = await beforeDeadline(this.ensureStarted(running), deadline);
    if (!client) return undefined;
    const text = await readFile(file, "utf8").catch(() => undefined);
    if (text === undefined) return undefined;
    const uri = pathToFileURL(file).href;
    const previous = new Map<string, FileDiagnostic[]>();
    for (const open of client.openUris()) {
      const published = client.diagnosticsOf(open);
      if (published)
        previous.set(
          open,
          published.diagnostics.map((d) => fromProtocol(fileURLToPath(open), d)),
        );
    }
    const hash = hashOf(text);
    const sent = running.sent.get(uri);
    if (sent?.hash === hash) return { client, uri, since: sent.since, previous };
    const since = client.sync(uri, languageIdOf(path.extname(file).toLowerCase()), text);
    running.sent.set(uri, { hash, since });
    return { client, uri, since, previous };
  }

  private entryFor(file: string): LanguageServerEntry | undefined {
    const extension = path.extname(file).toLowerCase();
    return this.options.entries.find((entry) => entry.extensions.includes(extension));
  }

  private runningFor(entry: LanguageServerEntry, file: string): Running {
    const root = serverRoot(file, entry.rootMarkers, this.options.cwd);
    const key = `${entry.name}\u0000${root}`;
    let running = this.servers.get(key);
    if (!running) {
      running = { entry, root, state: "stopped", restarts: 0, sent: new Map() };
      this.servers.set(key, running);
    }
    return running;
  }

  private ensureStarted(running: Running): Promise<LanguageServerClient | undefined> {
    if (running.client && !running.client.exited) return Promise.resolve(running.client);
    if (running.starting) return running.starting;
    if (running.state === "failed" || running.state === "not-found" || this.closed)
      return Promise.resolve(undefined);
    running.starting = this.start(running).finally(() => {
      running.starting = undefined;
    });
    return running.starting;
  }

  private async start(running: Running): Promise<LanguageServerClient | undefined> {
    const { entry, root } = running;
    const executable = this.commandOf(entry, root);
    if (!executable) {
      running.state = "not-found";
      running.error = `command "${entry.command}" not found`;
      return undefined;
    }
    running.state = "starting";
    try {
      // Loaded with the first server: the JSON-RPC library is ~360 KB of code that a run
      // touching no file of a configured language never needs (one-turn print start-up).
      const { LanguageServerClient } = await import("./client.js");
      const client = await LanguageServerClient.start(
        { entry, executable, root, env: this.options.env, startTimeoutMs: 60_000 },
        (reason) => this.crashed(running, reason),
      );
      if (this.closed) {
        await client.stop();
        return undefined;
      }
      running.client = client;
      running.state = "running";
      running.sent.clear();
      this.recordGroups();
      return client;
    } catch (error) {
      running.state = "failed";
      running.error = (error as Error).message;
      this.options.warn(
        `language server "${entry.name}" (${entry.command}) did not start: ${running.error}; edits go on without its diagnostics`,
      );
      return undefined;
    }
  }

  /** A crash: one restart, on the next file that needs the server; a second one is final. */
  private crashed(running: Running, reason: string): void {
    running.client = undefined;
    running.sent.clear();
    this.recordGroups();
    if (this.closed) return;
    running.error = reason;
    if (running.restarts >= 1) {
      running.state = "failed";
      this.options.warn(
        `language server "${running.entry.name}" ${reason} again; not restarted (edits go on without its diagnostics)`,
      );
      return;
    }
    running.restarts += 1;
    running.state = "stopped";
  }

  private recordGroups(): void {
    const pids: number[] = [];
    for (const running of this.servers.values()) {
      if (running.client?.pid !== undefined && !running.client.exited)
        pids.push(running.client.pid);
    }
    this.options.ledger?.record(pids);
  }

  private commandOf(entry: LanguageServerEntry, from: string): string | undefined {
    return findCommand(entry.command, { from, root: this.options.cwd, env: this.options.env });
  }
}

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The promise's value, or `undefined` once `deadline` passes (the promise goes on). */
async function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
