/**
 * One running language server: a child process in its own process group, spoken to over
 * stdio with JSON-RPC. It keeps what the server last published for each file, so a caller
 * can wait for the diagnostics that follow a change. Every request has a bound: a hung
 * server answers `undefined`, it never holds the caller.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { terminateGroup } from "@gong/tools";
import {
  type ClientCapabilities,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  type ServerCapabilities,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import type { LanguageServerEntry } from "./server-entries.js";

export interface ClientStart {
  entry: LanguageServerEntry;
  /** The command's resolved path (find-command.ts). */
  executable: string;
  root: string;
  env: NodeJS.ProcessEnv;
  /** How long `initialize` may take. */
  startTimeoutMs: number;
}

/** What the server last published for one file, and when (a counter over all files). */
interface Published {
  seq: number;
  params: PublishDiagnosticsParams;
}

const CAPABILITIES: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false },
    publishDiagnostics: { relatedInformation: false, versionSupport: true },
    definition: { linkSupport: false },
    references: {},
    hover: { contentFormat: ["plaintext", "markdown"] },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
  },
  workspace: { symbol: {}, workspaceFolders: true, configuration: true },
  window: { workDoneProgress: false },
};

export class LanguageServerClient {
  private readonly published = new Map<string, Published>();
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private seq = 0;
  private stderrTail = "";
  exited = false;
  /** What the server said it can do (`initialize`'s answer). */
  private capabilities: ServerCapabilities = {};
  /** Why the process ended, when it ended by itself. */
  exitReason: string | undefined;

  private constructor(
    readonly entry: LanguageServerEntry,
    readonly root: string,
    private readonly child: ChildProcess,
    private readonly connection: ProtocolConnection,
  ) {}

  /** Spawns and initializes the server; rejects with a readable message when it cannot. */
  static async start(
    start: ClientStart,
    onExit: (reason: string) => void,
  ): Promise<LanguageServerClient> {
    const child = spawn(start.executable, start.entry.args, {
      cwd: start.root,
      env: start.env,
      stdio: ["pipe", "pipe", "pipe"],
      // Its own group: ending the session ends what the server started too (tsserver).
      detached: true,
    });
    const connection = createProtocolConnection(
      new StreamMessageReader(child.stdout as NodeJS.ReadableStream),
      new StreamMessageWriter(child.stdin as NodeJS.WritableStream),
    );
    const client = new LanguageServerClient(start.entry, start.root, child, connection);
    client.listen(onExit);
    connection.listen();
    const initialized = await client.request(
      InitializeRequest.method,
      {
        processId: process.pid,
        rootUri: pathToFileURL(start.root).href,
        workspaceFolders: [{ uri: pathToFileURL(start.root).href, name: start.entry.name }],
        capabilities: CAPABILITIES,
        initializationOptions: start.entry.initializationOptions ?? null,
      },
      start.startTimeoutMs,
    );
    client.capabilities =
      (initialized as { capabilities?: ServerCapabilities } | null)?.capabilities ?? {};
    if (initialized === undefined) {
      await client.stop();
      throw new Error(
        client.exitReason ?? `did not answer "initialize" within ${start.startTimeoutMs} ms`,
      );
    }
    void connection.sendNotification(InitializedNotification.method, {});
    return client;
  }

  /** The server answers `textDocument/diagnostic` (pull diagnostics). */
  offersPullDiagnostics(): boolean {
    return this.capabilities.diagnosticProvider !== undefined;
  }

  /** The server runs `command` through `workspace/executeCommand`. */
  offersCommand(command: string): boolean {
    return this.capabilities.executeCommandProvider?.commands.includes(command) ?? false;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private listen(onExit: (reason: string) => void): void {
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-2000);
    });
    // A write to a server that just died is reported by "exit"; the pipe's own error is noise.
    this.child.stdin?.on("error", () => {});
    const ended = (reason: string) => {
      if (this.exited) return;
      this.exited = true;
      this.exitReason = reason;
      this.connection.dispose();
      for (const listener of this.listeners) listener();
      onExit(reason);
    };
    this.child.on("error", (error) => ended(error.message));
    this.child.on("exit", (code, signal) => {
      const last = this.stderrTail.trim().split("\n").slice(-1)[0];
      ended(`exited (${signal ?? `code ${code}`})${last ? `: ${last}` : ""}`);
    });
    this.connection.onNotification(PublishDiagnosticsNotification.method, (params) => {
      this.seq += 1;
      this.published.set(params.uri, { seq: this.seq, params });
      for (const listener of this.listeners) listener();
    });
    // Servers ask for their settings (pyright) and register capabilities: no settings of
    // ours, and every registration accepted.
    this.connection.onRequest("workspace/configuration", (params: { items?: unknown[] }) =>
      (params.items ?? []).map(() => null),
    );
    this.connection.onRequest("client/registerCapability", () => null);
    this.connection.onRequest("window/workDoneProgress/create", () => null);
    this.connection.onRequest("workspace/workspaceFolders", () => [
      { uri: pathToFileURL(this.root).href, name: this.entry.name },
    ]);
  }

  /** The server's answer, or `undefined` when it failed, ended or took longer than `boundMs`. */
  async request(method: string, params: unknown, boundMs: number): Promise<unknown> {
    if (this.exited) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), boundMs);
    });
    const ended = new Promise<undefined>((resolve) => {
      const listener = () => {
        if (this.exited) {
          this.listeners.delete(listener);
          resolve(undefined);
        }
      };
      this.listeners.add(listener);
      timeout.then(() => this.listeners.delete(listener));
    });
    try {
      const answer = this.connection.sendRequest(method, params).then(
        (result) => (result === null ? null : result),
        () => undefined,
      );
      return await Promise.race([answer, timeout, ended]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Opens the file or sends its new text; returns the publication count before it. */
  sync(uri: string, languageId: string, text: string): number {
    const before = this.seq;
    if (this.exited) return before;
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    if (version === 1) {
      void this.connection.sendNotification(DidOpenTextDocumentNotification.method, {
        textDocument: { uri, languageId, version, text },
      });
    } else {
      void this.connection.sendNotification(DidChangeTextDocumentNotification.method, {
        textDocument: { uri, version },
        contentChanges: [{ text }],
      });
    }
    return before;
  }

  isOpen(uri: string): boolean {
    return this.versions.has(uri);
  }

  openUris(): string[] {
    return [...this.versions.keys()];
  }

  /** What the server last published for `uri`, if anything. */
  diagnosticsOf(uri: string): PublishDiagnosticsParams | undefined {
    return this.published.get(uri)?.params;
  }

  /**
   * Waits until the server has published for `uri` after `since`, then until it has been
   * quiet for `quietMs` (TypeScript's server publishes the syntax and the semantic
   * diagnostics apart, and the other open files' after the changed one); at most until
   * `deadline` (a `Date.now()` time). Returns the files published for after `since`, and
   * whether the changed file's came in time.
   */
  async settle(
    uri: string,
    since: number,
    deadline: number,
    quietMs: number,
  ): Promise<{ arrived: boolean; updated: PublishDiagnosticsParams[] }> {
    await new Promise<void>((resolve) => {
      let quietTimer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(quietTimer);
        clearTimeout(deadlineTimer);
        this.listeners.delete(check);
        resolve();
      };
      const deadlineTimer = setTimeout(finish, Math.max(0, deadline - Date.now()));
      const check = () => {
        if (this.exited) return finish();
        if ((this.published.get(uri)?.seq ?? 0) <= since) return;
        clearTimeout(quietTimer);
        quietTimer = setTimeout(finish, Math.min(quietMs, Math.max(0, deadline - Date.now())));
      };
      this.listeners.add(check);
      check();
    });
    return {
      arrived: (this.published.get(uri)?.seq ?? 0) > since,
      updated: this.publishedSince(since),
    };
  }

  /** The files published for after `since`, with what was published. */
  publishedSince(since: number): PublishDiagnosticsParams[] {
    return [...this.published.values()]
      .filter((entry) => entry.seq > since)
      .map((entry) => entry.params);
  }

  /** Asks the server to shut down, then ends its process group whatever it answered. */
  async stop(): Promise<void> {
    const pid = this.child.pid;
    if (!this.exited) {
      await this.request(ShutdownRequest.method, undefined, 1000);
      if (!this.exited)
        void this.connection.sendNotification(ExitNotification.method).catch(() => {});
    }
    this.exited = true;
    this.connection.dispose();
    this.child.stdin?.end();
    if (pid !== undefined) await terminateGroup(pid, 1000);
  }
}
