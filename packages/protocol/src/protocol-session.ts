/**
 * The JSON-lines protocol without its transport: a session host, the lines it sends
 * (session headers, warnings, agent events in their wire form, `run_end`,
 * `extension_ui_request`) and a response for each command line. gong-rpc frames it
 * over stdio (apps/rpc/src/jsonl/server.ts); `gong web` over HTTP (apps/cli/src/web),
 * so both speak exactly the same events and commands (the page takes a few more:
 * commands/page-command-schemas.ts).
 */
import {
  type CodingSession,
  type CodingSessionError,
  type CodingSessionOptions,
  SessionHost,
} from "@gong/runtime";
import type { CommandId } from "./commands/command-schemas.js";
import { type Command, type CommandSet, RPC_COMMANDS } from "./commands/command-set.js";
import type { HandlerContext } from "./commands/handler-context.js";
import { HANDLERS } from "./commands/handlers.js";
import { parseCommandLine } from "./commands/parse-command.js";
import { UiRequests } from "./ui-requests.js";
import { runEndLine } from "./wire/run-end.js";
import { subagentWireEncoder, wireEncoder } from "./wire/wire-events.js";

export interface ResponseLine {
  type: "response";
  id?: CommandId;
  command: string;
  success: boolean;
  data?: unknown;
  error?: string;
}

/** What the protocol adds to the session's options: the questions go to the client. */
export type ClientQuestions = Required<
  Pick<CodingSessionOptions, "onWarning" | "confirmToolCall" | "askUser" | "approvePlan">
>;

export interface ProtocolOptions {
  /** The session to open, given the protocol's way of asking the client. */
  sessionOptions(questions: ClientQuestions): CodingSessionOptions;
  /** Every line that is not a response, in order. */
  send(line: unknown): void;
  /** How long a confirmation or an ask_user question waits for the client. */
  confirmTimeoutMs: number;
  /** The commands taken: gong-rpc's (the default) or `WEB_COMMANDS`. */
  commands?: CommandSet;
}

export type OpenedProtocol =
  /** `warnings`: those raised while the session opened (already sent after its header). */
  | { ok: true; protocol: ProtocolSession; warnings: string[] }
  | { ok: false; error: CodingSessionError };

export class ProtocolSession {
  private readonly inFlight = new Set<Promise<unknown>>();

  private constructor(
    private readonly context: HandlerContext,
    private readonly commands: CommandSet,
  ) {}

  /**
   * Opens the session and sends its header, then the warnings raised while it opened;
   * from then on every agent event goes to `send`.
   */
  static async open(options: ProtocolOptions): Promise<OpenedProtocol> {
    const { send } = options;
    const uiRequests = new UiRequests((line) => send(line), options.confirmTimeoutMs);
    const opened = await SessionHost.open(
      options.sessionOptions({
        onWarning: (message) => send({ type: "warning", message }),
        confirmToolCall: uiRequests.confirmation,
        askUser: uiRequests.askUser,
        approvePlan: uiRequests.approvePlan,
      }),
    );
    if (!opened.ok) return opened;
    const host = opened.host;
    const announceSession = (session: CodingSession) => send(session.file.header);
    announceSession(host.current);
    for (const message of opened.warnings) send({ type: "warning", message });
    const encode = wireEncoder();
    host.subscribe((event) => send(encode(event)));
    // A subagent's events, tagged with the task call's id (`parentToolCallId`).
    const encodeSubagent = subagentWireEncoder();
    host.subscribeSubagents((event) => send(encodeSubagent(event)));
    const context: HandlerContext = {
      host,
      cwd: host.current.file.header.cwd,
      uiRequests,
      announceSession,
      runningBash: new Set(),
      // The run's totals and, when a limit stopped it, `reason` (wire/run-end.ts).
      reportRunEnd: (outcome) => send(runEndLine(outcome, outcome.totals, host.current.file.path)),
    };
    const commands = options.commands ?? RPC_COMMANDS;
    return {
      ok: true,
      protocol: new ProtocolSession(context, commands),
      warnings: opened.warnings,
    };
  }

  get host(): SessionHost {
    return this.context.host;
  }

  /**
   * The response to one command line: a line that is no command is answered at once;
   * a command runs to its end (its events go to `send` meanwhile).
   */
  respond(line: string): Promise<ResponseLine> {
    const parsed = parseCommandLine(line, this.commands);
    if (!parsed.ok) {
      const { command, id, error } = parsed;
      const refused: ResponseLine = {
        type: "response",
        ...(id !== undefined ? { id } : {}),
        command,
        success: false,
        error,
      };
      return Promise.resolve(refused);
    }
    const task = execute(parsed.command, this.context);
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
    return task;
  }

  /** Denies pending questions, aborts the run and any bash, then closes the session. */
  async shutDown(): Promise<void> {
    const { host, uiRequests, runningBash } = this.context;
    uiRequests.denyAll();
    host.current.abort();
    for (const controller of runningBash) controller.abort();
    // Commands already read still get their response (aborted ones report it).
    await Promise.allSettled([...this.inFlight]);
    await host.close();
  }
}

/** Runs one command; whatever happens, the result is its response line. */
async function execute(command: Command, context: HandlerContext): Promise<ResponseLine> {
  const head = {
    type: "response" as const,
    ...(command.id !== undefined ? { id: command.id } : {}),
    command: command.type,
  };
  try {
    const handler = HANDLERS[command.type] as (
      command: Command,
      context: HandlerContext,
    ) => unknown;
    const data = await handler(command, context);
    return { ...head, success: true, ...(data !== undefined ? { data } : {}) };
  } catch (error) {
    return {
      ...head,
      success: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
