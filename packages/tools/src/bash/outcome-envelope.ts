/**
 * bash's result (test/bash.test.ts): the outcome of a run and its collected output become one
 * envelope. Every failure — aborted, timed out, non-zero exit, ended by a signal — shows
 * the output it produced before the message, so the model sees why.
 */
import type { ToolResponse } from "@gong/base";
import { formatSize, subagentSpillStep, tailTruncationNotice, truncateTail } from "@gong/truncate";
import { failure, type NextSteps, partial, success, type ToolErrorCode } from "../core/envelope.js";
import { briefTail } from "../core/output-level.js";
import type { SandboxRefusal } from "../sandbox/sandbox-refusal.js";
import type { OutputCollector } from "./output-collector.js";
import type { ShellOutcome } from "./run-shell.js";

type CollectedOutput = Awaited<ReturnType<OutputCollector["finish"]>>;
type FinishedOutcome = Exclude<ShellOutcome, { kind: "spawn_error" }>;

/** The output as the model sees it. */
export interface ShownOutput {
  /** The tail after truncation, as stored in `data.stdout`. */
  stdout: string;
  /** The text shown: the tail (shorter when brief), then the truncation notice. */
  body: string;
  truncated: boolean;
  /** Where the full output is, as the model should name it. */
  logDisplay?: string;
  totalLines: number;
  totalBytes: number;
}

export interface ShowOptions {
  maxLines: number;
  maxBytes: number;
  brief: boolean;
  /** How a path is named to the model (the path policy's `display`). */
  display: (path: string) => string;
}

export function showOutput(collected: CollectedOutput, options: ShowOptions): ShownOutput {
  const tail = truncateTail(collected.tail, options);
  const truncated = tail.truncated || collected.droppedBytes > 0;
  const logDisplay = collected.fullOutputPath
    ? options.display(collected.fullOutputPath)
    : undefined;
  let body = options.brief ? briefTail(tail.content) : tail.content;
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
    const unsaved = collected.logProblem ? `\nFull output not saved: ${collected.logProblem}` : "";
    const capped =
      collected.logDroppedBytes > 0 && logDisplay
        ? `\nThe log keeps the head and the tail of the output: ${collected.logDroppedBytes} bytes (${formatSize(collected.logDroppedBytes)}) dropped from the middle.`
        : "";
    body = `${body.length > 0 ? `${body.replace(/\n$/, "")}\n\n` : ""}${notice}${unsaved}${capped}`;
  }
  return {
    stdout: tail.content,
    body,
    truncated,
    logDisplay,
    totalLines: collected.totalLines,
    totalBytes: collected.totalBytes,
  };
}

interface RunFailure {
  code: ToolErrorCode;
  message: string;
  next: NextSteps;
}

/**
 * Why a finished run failed, or undefined when it succeeded. `logSteps` (read the full
 * log) comes first where the output was cut and the fix depends on what it says.
 */
function runFailure(
  outcome: FinishedOutcome,
  timeoutSeconds: number,
  logSteps: readonly string[],
): RunFailure | undefined {
  switch (outcome.kind) {
    case "aborted":
      return {
        code: "ABORTED",
        message: "Command aborted",
        next: [
          "The user stopped this command: wait for their next message before running it again.",
          ...logSteps,
        ],
      };
    case "timed_out":
      return {
        code: "TIMEOUT",
        message: `Command timed out after ${timeoutSeconds} seconds`,
        next: [
          `bash(command=..., timeout=${timeoutSeconds * 4}) if it needs longer, or run it in the background (cmd > log 2>&1 &).`,
          ...logSteps,
        ],
      };
    case "exited":
      if (outcome.exitCode === 0) return undefined;
      return {
        code: "EXECUTION_ERROR",
        message:
          outcome.exitCode === null
            ? `Command was terminated by signal ${outcome.signal ?? "unknown"}`
            : `Command exited with code ${outcome.exitCode}`,
        next: failedCommandSteps(outcome.exitCode, logSteps),
      };
  }
}

/** A failure the sandbox caused says so, and its next step comes first. */
function sandboxed(
  failed: RunFailure | undefined,
  refusal: SandboxRefusal | undefined,
): RunFailure | undefined {
  if (!failed || !refusal) return failed;
  return {
    ...failed,
    message: `${failed.message}: ${refusal.message}`,
    next: [refusal.next, ...failed.next],
  };
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

/** How to see the full log: a subagent first when the agent has `task`. */
function fullLogSteps(log: string, hasTaskTool: boolean): string[] {
  const read = `read(path="${log}", offset=1, limit=200) or grep(pattern="error", path="${log}") to see the full output.`;
  return hasTaskTool ? [subagentSpillStep(log), read] : [read];
}

export function outcomeEnvelope(
  outcome: FinishedOutcome,
  output: ShownOutput,
  run: {
    durationMs: number;
    timeoutSeconds: number;
    hasTaskTool: boolean;
    refusal?: SandboxRefusal;
  },
): ToolResponse {
  const killed = outcome.kind === "timed_out" || outcome.kind === "aborted";
  const data = {
    stdout: output.stdout,
    exit_code: outcome.exitCode,
    signal: outcome.signal,
    timed_out: outcome.kind === "timed_out",
    killed,
    duration_ms: run.durationMs,
    truncated: output.truncated,
    full_output_path: output.logDisplay ?? null,
    total_lines: output.totalLines,
    total_bytes: output.totalBytes,
  };
  const stats = {
    duration_ms: run.durationMs,
    total_lines: output.totalLines,
    total_bytes: output.totalBytes,
  };
  // Already cut to the limits, with its own notice: the agent's observation
  // truncator must not cut it again (it would drop that notice and the next steps).
  const truncationSkip = output.truncated;
  const logSteps = output.logDisplay ? fullLogSteps(output.logDisplay, run.hasTaskTool) : [];

  const failed = sandboxed(runFailure(outcome, run.timeoutSeconds, logSteps), run.refusal);
  if (failed) {
    return failure(failed.code, failed.message, {
      data,
      stats,
      truncationSkip,
      textPrefix: output.body.replace(/\n$/, "") || undefined,
      next: failed.next,
    });
  }
  const text = output.body.length > 0 ? output.body : "(no output)";
  if (!output.truncated) return success(data, text, { stats });
  const narrower =
    'bash(command=...) again with less output (e.g. append "| tail -100" or a grep filter).';
  return partial(data, text, { stats, truncationSkip, next: [logSteps[0] ?? narrower] });
}

const RUN_SH_STEP =
  'write(path="run.sh", content=<the command>) and then bash(command="bash run.sh").';

/** The command could not be saved to a script file, so it cannot run at all. */
export function commandTooLong(command: string, reason: string): ToolResponse {
  const size = formatSize(Buffer.byteLength(command));
  return failure(
    "INVALID_PARAM",
    `The command is ${size}, too long to pass to the shell as an argument (the OS limit is 128KB), and it could not be saved as a script in the tool-output folder: ${reason}. Nothing was run.`,
    {
      data: { exit_code: null, command_bytes: Buffer.byteLength(command) },
      next: [RUN_SH_STEP],
    },
  );
}

/** The shell did not start: a missing shell, or a command or environment too big (E2BIG). */
export function spawnFailure(error: Error, shellPath: string, command: string): ToolResponse {
  const code = (error as NodeJS.ErrnoException).code;
  const data = { exit_code: null, spawn_error: code ?? error.message };
  if (code === "E2BIG") {
    return failure(
      "EXECUTION_ERROR",
      `Failed to start ${shellPath}: the command (${formatSize(Buffer.byteLength(command))}) and the environment together are longer than the OS allows for a new program (E2BIG). Nothing was run.`,
      { data, next: [RUN_SH_STEP] },
    );
  }
  return failure("EXECUTION_ERROR", `Failed to start ${shellPath}: ${error.message}`, {
    data,
    next: ["Check the shellPath setting: it must name an installed shell (default: bash on PATH)."],
  });
}
