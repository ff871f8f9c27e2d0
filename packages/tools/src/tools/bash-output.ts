/**
 * bash_output (test/background-shells.test.ts): what a background shell wrote since the
 * last read, cut to bash's tail limits (its full output stays in its log), and whether
 * it still runs — its exit code or signal when not. `filter` keeps only the lines that
 * match a regex; the others are read all the same (Claude Code's BashOutput does so).
 */
import type { ToolResponse } from "@gong/base";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  subagentSpillStep,
  tailTruncationNotice,
  truncateTail,
} from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import {
  type BackgroundShellInfo,
  type BackgroundShells,
  type ShellRead,
  shellEnding,
  shortCommand,
} from "../bash/background-shells.js";
import { failure, partial, success } from "../core/envelope.js";
import { defineTool } from "../core/run-tool.js";
import type { ToolEnvironment } from "../environment.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

const bashOutputParameters = Type.Object({
  shell_id: Type.String({
    minLength: 1,
    description:
      "The id bash returned for a command run with run_in_background (bash_1, bash_2, ...).",
  }),
  filter: Type.Optional(
    Type.String({
      description:
        "A regular expression: only output lines that match it are shown (the others are consumed too).",
    }),
  ),
});

export interface ShellToolLimits {
  maxLines?: number;
  maxBytes?: number;
}

/** NOT_FOUND for an id the session never gave, with the ids it did. */
export function unknownShell(id: string, shells: BackgroundShells): ToolResponse {
  return failure("NOT_FOUND", shells.unknownIdMessage(id), {
    next: ["bash(command=..., run_in_background=true) starts one; its result names the shell_id."],
  });
}

function compile(filter: string | undefined): RegExp | undefined | Error {
  if (filter === undefined) return undefined;
  try {
    return new RegExp(filter);
  } catch (error) {
    return error as Error;
  }
}

function filtered(output: string, pattern: RegExp | undefined): string {
  if (!pattern) return output;
  const lines = output.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const kept = lines.filter((line) => pattern.test(line));
  return kept.length > 0 ? `${kept.join("\n")}\n` : "";
}

/** `[shell bash_1 is still running]` / `[shell bash_1 exited with code 0]`. */
function stateLine(info: BackgroundShellInfo): string {
  return `[shell ${info.id} (${shortCommand(info.command)}) ${shellEnding(info)}]`;
}

function readEnvelope(
  read: ShellRead,
  pattern: RegExp | undefined,
  context: {
    limits: Required<ShellToolLimits>;
    display: (path: string) => string;
    hasTaskTool: boolean;
  },
): ToolResponse {
  const { info } = read;
  const shown = filtered(read.output, pattern);
  const tail = truncateTail(shown, context.limits);
  const log = info.logPath ? context.display(info.logPath) : undefined;
  const truncated = tail.truncated || read.droppedBytes > 0;
  const data = {
    shell_id: info.id,
    status: info.status,
    exit_code: info.exitCode,
    signal: info.signal,
    stdout: tail.content,
    truncated,
    full_output_path: log ?? null,
    total_bytes: info.outputBytes,
  };
  const empty = read.output.length === 0 ? "(no new output)" : "(no new line matches the filter)";
  let body = tail.content.length > 0 ? tail.content.replace(/\n$/, "") : empty;
  if (truncated) {
    const notice = tailTruncationNotice({ ...tail, truncated: true }, log);
    const unsaved = read.logProblem ? `\nFull output not saved: ${read.logProblem}` : "";
    body = `${body}\n\n${notice}${unsaved}`;
  }
  const text = `${body}\n\n${stateLine(info)}`;
  if (!truncated) return success(data, text);
  const readLog = log
    ? `read(path="${log}") or grep(pattern="error", path="${log}") to see the whole output.`
    : `bash_output(shell_id="${info.id}", filter="error") to see only the lines that matter.`;
  const next = log && context.hasTaskTool ? [subagentSpillStep(log), readLog] : [readLog];
  // Already cut with its own notice: the observation truncator must not cut it again.
  return partial(data, text, { truncationSkip: true, next: next as [string, ...string[]] });
}

export function createBashOutputTool(
  env: ToolEnvironment,
  shells: BackgroundShells,
  limits: ShellToolLimits = {},
) {
  const maxLines = limits.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  return defineTool({
    name: "bash_output",
    summary: TOOL_SUMMARIES.bash_output,
    label: "Shell output",
    description:
      "Read what a background shell (bash with run_in_background) wrote since the last read, and whether it still " +
      "runs (its exit code when not). filter: a regex; only matching lines are shown. Output is cut to the last " +
      `${maxLines} lines or ${maxBytes / 1024}KB; the full output stays in the log file named in the result.`,
    parameters: bashOutputParameters,
    async execute(params, context) {
      const pattern = compile(params.filter);
      if (pattern instanceof Error) {
        return failure(
          "INVALID_PARAM",
          `filter is not a valid regular expression: ${pattern.message}`,
          {
            data: { field_errors: [{ field: "filter", message: pattern.message }] },
            next: [`bash_output(shell_id="${params.shell_id}", filter="<a valid regex>")`],
          },
        );
      }
      const read = shells.read(params.shell_id);
      if (!read) return unknownShell(params.shell_id, shells);
      return readEnvelope(read, pattern, {
        limits: { maxLines, maxBytes },
        display: (path) => env.policy.display(path),
        hasTaskTool: context.hasTaskTool === true,
      });
    },
  });
}
