/**
 * bash under ACP when the client offers `terminal`: the command runs in the editor's
 * terminal (`terminal/create`), which the editor shows live inside the tool call; gong
 * waits for it (`terminal/wait_for_exit`), reads its output (`terminal/output`) and
 * releases it (`terminal/release`). A timeout or an abort ends it with `terminal/kill`.
 * The output then goes through bash's own collector, so the model reads the same
 * envelope (tail, truncation, full-output log, exit code) as for a local command.
 */
import type { ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import type { AgentContext, EnvVariable } from "@agentclientprotocol/sdk";
import { type ExecOperations, shellArgv } from "@gong/runtime";
import type { SessionUpdates } from "./session-updates.js";

type SpawnShellOptions = Parameters<ExecOperations["spawnShell"]>[0];

export interface TerminalExecOptions {
  sessionId: () => string;
  client: AgentContext;
  updates: SessionUpdates;
  /** The terminal each call runs in, by tool call id (its updates show the terminal). */
  terminals: Map<string, string>;
}

/** The editor keeps at most this much of a command's output; more is dropped from the front. */
const OUTPUT_BYTE_LIMIT = 4 * 1024 * 1024;

/** Output reaches bash's collector in pieces of this size, as a pipe would deliver it. */
const CHUNK_BYTES = 64 * 1024;

export function terminalExecOperations(options: TerminalExecOptions): ExecOperations {
  // bash reads a process's pid, pipes and exit; TerminalProcess has exactly those.
  return { spawnShell: (spawn) => new TerminalProcess(options, spawn) as unknown as ChildProcess };
}

/** A command in the editor's terminal, seen as a child process without a local pid. */
class TerminalProcess extends EventEmitter {
  readonly pid = undefined;
  readonly stdout = new PassThrough();
  readonly stderr = null;
  private terminalId: string | undefined;
  private killRequested = false;

  constructor(
    private readonly options: TerminalExecOptions,
    spawn: SpawnShellOptions,
  ) {
    super();
    void this.run(spawn);
  }

  /** Asks the editor to end the command (the signal is the editor's choice). */
  kill(): boolean {
    if (this.killRequested) return false;
    this.killRequested = true;
    if (this.terminalId) this.sendKill(this.terminalId);
    return true;
  }

  private sendKill(terminalId: string): void {
    const { client, sessionId } = this.options;
    // A failed kill leaves the command to its end; wait_for_exit still reports it.
    client.request("terminal/kill", { sessionId: sessionId(), terminalId }).catch(() => {});
  }

  private async run(spawn: SpawnShellOptions): Promise<void> {
    const { client, sessionId, updates, terminals } = this.options;
    let terminalId: string;
    // Under the sandbox the editor's terminal runs bwrap, which runs the shell.
    const [command, args] = shellArgv(spawn);
    try {
      ({ terminalId } = await client.request("terminal/create", {
        sessionId: sessionId(),
        command,
        args,
        cwd: spawn.cwd,
        env: envVariables(spawn.env),
        outputByteLimit: OUTPUT_BYTE_LIMIT,
      }));
    } catch (error) {
      this.emit("error", asError(error, "the editor could not start the command"));
      return;
    }
    this.terminalId = terminalId;
    if (this.killRequested) this.sendKill(terminalId);
    if (spawn.toolCallId) {
      terminals.set(spawn.toolCallId, terminalId);
      updates.send({
        sessionUpdate: "tool_call_update",
        toolCallId: spawn.toolCallId,
        content: [{ type: "terminal", terminalId }],
      });
    }
    try {
      const exit = await client.request("terminal/wait_for_exit", {
        sessionId: sessionId(),
        terminalId,
      });
      const { output, truncated } = await client.request("terminal/output", {
        sessionId: sessionId(),
        terminalId,
      });
      const bytes = Buffer.from(output, "utf8");
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES)
        this.stdout.write(bytes.subarray(at, at + CHUNK_BYTES));
      // Last, so the tail the model reads carries it.
      if (truncated)
        this.stdout.write(
          `\n[the editor's terminal dropped the start of this output: it keeps the last ${OUTPUT_BYTE_LIMIT / 1024 / 1024} MB]\n`,
        );
      this.stdout.end();
      this.emit("exit", exit.exitCode ?? null, (exit.signal ?? null) as NodeJS.Signals | null);
    } catch (error) {
      this.stdout.end();
      this.emit("error", asError(error, "the editor's terminal failed"));
    } finally {
      await client
        .request("terminal/release", { sessionId: sessionId(), terminalId })
        .catch(() => {});
    }
  }
}

function envVariables(env: NodeJS.ProcessEnv): EnvVariable[] {
  return Object.entries(env).flatMap(([name, value]) =>
    value === undefined ? [] : [{ name, value }],
  );
}

function asError(error: unknown, context: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${context}: ${message}`);
}
