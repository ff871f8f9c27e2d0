/**
 * bash — seed 002 §B plus ARCHITECTURE §2: `bash -c` in its own process group, stdin
 * /dev/null, non-interactive git/editor/pager, stdout+stderr merged in arrival order,
 * resolved when the shell exits (plus a short drain) so `server &` cannot hang the
 * call, timeout and abort kill the whole group (TERM, then KILL), tail truncation with
 * the full output logged in the tool-output folder.
 */
import { stat } from "node:fs/promises";
import type { ToolResponse } from "@gong/truncate";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  ensureOutputDir,
  formatSize,
  tailTruncationNotice,
  truncateTail,
} from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import { type ExecOperations, localExecOperations } from "../bash/exec.js";
import { OutputCollector } from "../bash/output-collector.js";
import { ProcessGroups } from "../bash/process-groups.js";
import { terminateGroup } from "../bash/process-tree.js";
import { MAX_INLINE_SCRIPT_BYTES, type ScriptFile, writeScriptFile } from "../bash/script-file.js";
import { failure, type NextSteps, partial, progress, success } from "../core/envelope.js";
import type { ToolEnvironment } from "../core/environment.js";
import { briefTail, effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";

export const DEFAULT_BASH_TIMEOUT_SECONDS = 120;

export interface BashToolOptions {
  /** Shell to run (default `bash` on PATH). */
  shellPath?: string;
  /** Prepended to every command (settings `shellCommandPrefix`), e.g. `export FOO=1`. */
  shellCommandPrefix?: string;
  exec?: ExecOperations;
  /** Time between TERM and KILL (default 2000 ms). */
  killGraceMs?: number;
  /** How long to keep reading after the shell exits (default 100 ms). */
  drainMs?: number;
  /**
   * The session's process groups: background jobs a command leaves running live until
   * its `dispose()` (default: a set of the tool's own, which nobody ends — the jobs run
   * until they exit).
   */
  processes?: ProcessGroups;
  /** Tail limits (default 2000 lines / 50 KB). */
  maxLines?: number;
  maxBytes?: number;
}

const bashParameters = Type.Object({
  command: Type.String({ description: "The bash command to run." }),
  timeout: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      description: `Timeout in seconds (default ${DEFAULT_BASH_TIMEOUT_SECONDS}).`,
    }),
  ),
  output_level: OutputLevelParam,
});

/** Environment that keeps commands from waiting for a human (Pi bug #298: git commit opened an editor). */
function nonInteractiveEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_TERMINAL_PROMPT: "0",
    GIT_EDITOR: "true",
    EDITOR: "true",
    VISUAL: "true",
    PAGER: "cat",
    GIT_PAGER: "cat",
  };
}

/** setTimeout fires at once past 2^31-1 ms: a huge timeout means "about 24 days". */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Longest we keep reading after the shell exited while a background child still writes. */
const DRAIN_CAP_MS = 2000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface RunOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  spawnError?: Error;
}

/** What to try after a non-zero exit: the full log first when the output was cut. */
function failedCommandSteps(exitCode: number | null, logSteps: readonly string[]): NextSteps {
  const fix =
    exitCode === 127
      ? 'bash(command="command -v <program>") to check that the program is installed and on PATH.'
      : 'Fix the cause shown above, then bash(command=...) again; to see less, narrow the command (e.g. append "2>&1 | tail -50").';
  const [logStep] = logSteps;
  return logStep ? [logStep, fix] : [fix];
}

/** The command could not be saved to a script file, so it cannot run at all. */
function commandTooLong(command: string, reason: string): ToolResponse {
  const size = formatSize(Buffer.byteLength(command));
  return failure(
    "INVALID_PARAM",
    `The command is ${size}, too long to pass to the shell as an argument (the OS limit is 128KB), and it could not be saved as a script in the tool-output folder: ${reason}. Nothing was run.`,
    {
      data: { exit_code: null, command_bytes: Buffer.byteLength(command) },
      next: ['write(path="run.sh", content=<the command>) and then bash(command="bash run.sh").'],
    },
  );
}

/** The shell did not start: a missing shell, or a command or environment too big (E2BIG). */
function spawnFailure(error: Error, shellPath: string, command: string): ToolResponse {
  const code = (error as NodeJS.ErrnoException).code;
  const data = { exit_code: null, spawn_error: code ?? error.message };
  if (code === "E2BIG") {
    return failure(
      "EXECUTION_ERROR",
      `Failed to start ${shellPath}: the command (${formatSize(Buffer.byteLength(command))}) and the environment together are longer than the OS allows for a new program (E2BIG). Nothing was run.`,
      {
        data,
        next: ['write(path="run.sh", content=<the command>) and then bash(command="bash run.sh").'],
      },
    );
  }
  return failure("EXECUTION_ERROR", `Failed to start ${shellPath}: ${error.message}`, {
    data,
    next: ["Check the shellPath setting: it must name an installed shell (default: bash on PATH)."],
  });
}

export function createBashTool(env: ToolEnvironment, options: BashToolOptions = {}) {
  const shellPath = options.shellPath ?? "bash";
  const exec = options.exec ?? localExecOperations;
  const killGraceMs = options.killGraceMs ?? 2000;
  const drainMs = options.drainMs ?? 100;
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const processes = options.processes ?? new ProcessGroups(killGraceMs);

  return defineTool({
    name: "bash",
    label: "Bash",
    description:
      `Run a bash command in the working directory. stdout and stderr are merged. Default timeout ${DEFAULT_BASH_TIMEOUT_SECONDS} seconds ` +
      "(timeout parameter, in seconds); on timeout the command and all its child processes are killed. stdin is /dev/null, so " +
      `interactive programs cannot wait for input. Output is truncated to the last ${maxLines} lines or ${maxBytes / 1024}KB; the full output ` +
      "is saved to a log file named in the result. Background processes (cmd &) do not block the call.",
    parameters: bashParameters,
    async execute(params, context) {
      const started = performance.now();
      const timeoutSeconds = params.timeout ?? DEFAULT_BASH_TIMEOUT_SECONDS;
      try {
        if (!(await stat(context.cwd)).isDirectory()) throw new Error("not a directory");
      } catch {
        return failure("NOT_FOUND", `Working directory does not exist: ${context.cwd}`, {
          next: ["Run the command from the project root, or create the directory first."],
        });
      }
      // A refused folder (a symbolic link) costs the full-output log, not the command:
      // bash is also how the link gets removed. The check is not repeated when the log
      // opens: only the command itself could swap the folder meanwhile, and a command
      // can already write anywhere the user can (bash is not sandboxed).
      const logFolder = await ensureOutputDir(env.outputDir).then(
        () => env.outputDir,
        (error: Error) => error,
      );
      const prefix = options.shellCommandPrefix ? `${options.shellCommandPrefix}\n` : "";
      const command = `${prefix}${params.command}`;
      let scriptFile: ScriptFile | undefined;
      if (Buffer.byteLength(command) > MAX_INLINE_SCRIPT_BYTES) {
        try {
          if (logFolder instanceof Error) throw logFolder;
          scriptFile = await writeScriptFile(logFolder, command);
        } catch (error) {
          return commandTooLong(command, (error as Error).message);
        }
      }
      const collector = new OutputCollector(logFolder, { maxLines, maxBytes });
      // `exec 2>&1` first: one pipe for both streams keeps their true arrival order.
      const script = `exec 2>&1; ${scriptFile?.inline ?? command}`;

      const outcome = await new Promise<RunOutcome>((resolve) => {
        let child: ReturnType<ExecOperations["spawnShell"]>;
        try {
          child = exec.spawnShell({
            shellPath,
            script,
            cwd: context.cwd,
            env: nonInteractiveEnv(),
          });
        } catch (error) {
          resolve({
            exitCode: null,
            signal: null,
            timedOut: false,
            aborted: false,
            spawnError: error as Error,
          });
          return;
        }
        if (child.pid !== undefined) processes.track(child.pid, [child.stdout, child.stderr]);
        let timedOut = false;
        let aborted = false;
        // Set when the call returns: later output of background jobs is read and dropped.
        let callEnded = false;
        let killing: Promise<void> | undefined;
        let lastUpdate = 0;
        const kill = () => {
          if (!killing && child.pid !== undefined) killing = terminateGroup(child.pid, killGraceMs);
        };
        const timer = setTimeout(
          () => {
            timedOut = true;
            kill();
          },
          Math.min(timeoutSeconds * 1000, MAX_TIMER_MS),
        );
        const onAbort = () => {
          aborted = true;
          kill();
        };
        context.signal?.addEventListener("abort", onAbort, { once: true });
        if (context.signal?.aborted) onAbort();

        let lastDataAt = performance.now();
        const onData = (stream: NodeJS.ReadableStream) => (chunk: Buffer) => {
          if (callEnded) return;
          lastDataAt = performance.now();
          collector.push(chunk);
          if (collector.backlogged && !stream.isPaused()) {
            stream.pause();
            void collector.whenLogDrained().then(() => stream.resume());
          }
          const now = performance.now();
          if (context.onUpdate && now - lastUpdate > 200) {
            lastUpdate = now;
            const tail = truncateTail(collector.peekTail(), { maxLines, maxBytes }).content;
            context.onUpdate(progress({ stdout: tail, truncated: false }, tail));
          }
        };
        if (child.stdout) child.stdout.on("data", onData(child.stdout));
        if (child.stderr) child.stderr.on("data", onData(child.stderr));
        const ended = (stream: NodeJS.ReadableStream | null) =>
          new Promise<void>((done) => {
            if (!stream) return done();
            stream.once("end", done);
            stream.once("close", done);
          });
        const pipesClosed = Promise.all([ended(child.stdout), ended(child.stderr)]);

        let settled = false;
        const settle = async (result: RunOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          context.signal?.removeEventListener("abort", onAbort);
          // A background child (`sleep 100 &`) may hold the pipe open forever: keep
          // reading while output still flows (the pipe may hold the last 64 KB, or be
          // paused behind the log), stop after `drainMs` of quiet or DRAIN_CAP_MS in all.
          const exitedAt = performance.now();
          let closed = false;
          void pipesClosed.then(() => {
            closed = true;
          });
          while (!closed) {
            await Promise.race([pipesClosed, sleep(drainMs)]);
            const now = performance.now();
            const quiet = now - lastDataAt >= drainMs && !collector.backlogged;
            if (quiet || now - exitedAt >= DRAIN_CAP_MS) break;
          }
          // Background jobs may go on printing: their pipes stay open and flowing (a
          // closed pipe would kill them with SIGPIPE) until the session's ProcessGroups
          // ends them.
          callEnded = true;
          child.stdout?.resume();
          child.stderr?.resume();
          if (killing) await killing;
          resolve({ ...result, timedOut, aborted });
        };
        child.once("error", (error) =>
          settle({ exitCode: null, signal: null, timedOut, aborted, spawnError: error }),
        );
        child.once("exit", (code, signal) => settle({ exitCode: code, signal, timedOut, aborted }));
      });

      const durationMs = Math.round(performance.now() - started);
      await scriptFile?.remove();
      const collected = await collector.finish();
      if (outcome.spawnError) return spawnFailure(outcome.spawnError, shellPath, command);

      const tail = truncateTail(collected.tail, { maxLines, maxBytes });
      const truncated = tail.truncated || collected.droppedBytes > 0;
      const logDisplay = collected.fullOutputPath
        ? env.policy.display(collected.fullOutputPath)
        : undefined;
      const brief = effectiveOutputLevel(params.output_level, context) === "brief";
      let body = brief ? briefTail(tail.content) : tail.content;
      if (truncated) {
        const notice = tailTruncationNotice(
          {
            ...tail,
            truncated: true,
            totalLines: collected.totalLines,
            totalBytes: collected.totalBytes,
          },
          logDisplay,
        );
        const unsaved = collected.logProblem
          ? `\nFull output not saved: ${collected.logProblem}`
          : "";
        body = `${body.length > 0 ? `${body.replace(/\n$/, "")}\n\n` : ""}${notice}${unsaved}`;
      }
      const data = {
        stdout: tail.content,
        exit_code: outcome.exitCode,
        signal: outcome.signal,
        timed_out: outcome.timedOut,
        killed: outcome.timedOut || outcome.aborted,
        duration_ms: durationMs,
        truncated,
        full_output_path: logDisplay ?? null,
        total_lines: collected.totalLines,
        total_bytes: collected.totalBytes,
      };
      const stats = {
        duration_ms: durationMs,
        total_lines: collected.totalLines,
        total_bytes: collected.totalBytes,
      };
      // Already cut to the limits, with its own notice: the agent's observation
      // truncator must not cut it again (it would drop that notice and the next steps).
      const truncationSkip = truncated;
      // Read first when there is more than the tail shows.
      const logSteps: string[] = logDisplay
        ? [
            `read(path="${logDisplay}", offset=1, limit=200) or grep(pattern="error", path="${logDisplay}") to see the full output.`,
          ]
        : [];

      if (outcome.aborted) {
        return failure("ABORTED", "Command aborted", {
          data,
          stats,
          truncationSkip,
          textPrefix: body.replace(/\n$/, "") || undefined,
          next: [
            "The user stopped this command: wait for their next message before running it again.",
            ...logSteps,
          ],
        });
      }
      if (outcome.timedOut) {
        return failure("TIMEOUT", `Command timed out after ${timeoutSeconds} seconds`, {
          data,
          stats,
          truncationSkip,
          textPrefix: body.replace(/\n$/, "") || undefined,
          next: [
            `bash(command=..., timeout=${timeoutSeconds * 4}) if it needs longer, or run it in the background (cmd > log 2>&1 &).`,
            ...logSteps,
          ],
        });
      }
      if (outcome.exitCode !== 0) {
        const message =
          outcome.exitCode === null
            ? `Command was terminated by signal ${outcome.signal ?? "unknown"}`
            : `Command exited with code ${outcome.exitCode}`;
        return failure("EXECUTION_ERROR", message, {
          data,
          stats,
          truncationSkip,
          textPrefix: body.replace(/\n$/, "") || undefined,
          next: failedCommandSteps(outcome.exitCode, logSteps),
        });
      }
      const text = body.length > 0 ? body : "(no output)";
      if (!truncated) return success(data, text, { stats });
      const [logStep] = logSteps;
      const narrower =
        'bash(command=...) again with less output (e.g. append "| tail -100" or a grep filter).';
      return partial(data, text, { stats, truncationSkip, next: [logStep ?? narrower] });
    },
  });
}
