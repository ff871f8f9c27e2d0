import type { ToolResponse } from "@gong/runtime";
import { truncateToWidth } from "@mariozechner/pi-tui";
import pc from "picocolors";
import { keyArgument } from "../../modes/status-line.js";
import { terminalSafe } from "../../terminal-text.js";
import { addedLines, diffLines } from "./diff.js";
import { formatElapsed } from "./format.js";

/** What the transcript knows about one tool call, from its first streamed byte to its result. */
export interface ToolCallView {
  name: string;
  /** The arguments so far (parsed from the partial JSON while they stream). */
  args: Record<string, unknown>;
  /** Set by `tool_execution_start`. */
  startedAt?: number;
  endedAt?: number;
  /** The live tail of a running command (`tool_execution_update`). */
  liveOutput?: string;
  result?: ToolResponse;
  isError?: boolean;
  /** The run ended without a result for this call (aborted, cut off). */
  interrupted?: boolean;
}

const TAIL_LINES = 5;
const DIFF_LINES = 40;
const WRITE_LINES = 10;
const INDENT = "  ";
/** Their header says it all; their text is file content or matches, not a summary. */
const QUIET_TOOLS = new Set(["bash", "read", "grep", "find", "ls", "write", "edit", "ask_user"]);
const TODO_MARKS: Record<string, string> = { completed: "[x]", in_progress: "[~]", pending: "[ ]" };

/**
 * A compact block for one tool call: a header (state, name, key argument, time) and a
 * few lines below it — the live tail of a command, the diff of an edit, the error.
 */
export function toolBlockLines(view: ToolCallView, width: number, now: number): string[] {
  const inner = Math.max(10, width - INDENT.length);
  const lines = [truncateToWidth(header(view, now), width, "…")];
  const body = bodyLines(view, inner).map((line) => INDENT + line);
  return [...lines, ...body];
}

function header(view: ToolCallView, now: number): string {
  const running = view.startedAt !== undefined && !done(view);
  const icon = view.isError
    ? pc.red("✗")
    : view.interrupted
      ? pc.yellow("■")
      : view.result
        ? pc.green("✓")
        : running
          ? pc.cyan("●")
          : pc.dim("○");
  const key = keyArgument(view.args);
  const start = view.startedAt;
  const end = view.endedAt ?? (running ? now : undefined);
  const elapsed =
    start !== undefined && end !== undefined && (running || end - start >= 1000)
      ? pc.dim(
          ` · ${formatElapsed(running ? Math.floor((end - start) / 1000) * 1000 : end - start)}`,
        )
      : "";
  return `${icon} ${pc.bold(view.name)}${key}${elapsed}`;
}

function done(view: ToolCallView): boolean {
  return view.result !== undefined || view.interrupted === true;
}

/** Errors shown under a diff at most; the model's result lists up to 20. */
const ERROR_LINES = 5;

/**
 * The language server's new errors after an edit or write (`data.diagnostics`, @gong/lsp),
 * under the diff: `file:line:col error CODE: message`; old errors are left to the model.
 */
function newErrorLines(diagnostics: unknown, width: number): string[] {
  if (!Array.isArray(diagnostics)) return [];
  const fresh = diagnostics.filter(
    (d): d is { file: string; line: number; column: number; code?: string; message: string } =>
      typeof d === "object" && d !== null && d.severity === "error" && d.preExisting !== true,
  );
  const lines = fresh
    .slice(0, ERROR_LINES)
    .map((d) =>
      pc.red(
        fit(
          `${d.file}:${d.line}:${d.column} error${d.code ? ` ${d.code}` : ""}: ${plainText(String(d.message).split("\n")[0] ?? "")}`,
          width,
        ),
      ),
    );
  if (fresh.length > ERROR_LINES) lines.push(pc.red(`… ${fresh.length - ERROR_LINES} more errors`));
  return lines;
}

function bodyLines(view: ToolCallView, width: number): string[] {
  const result = view.result;
  if (!result) {
    if (view.interrupted) return [pc.yellow("interrupted")];
    // ask_user's progress is its questions, which the open dialog shows already.
    if (!view.liveOutput || view.name === "ask_user") return [];
    return tail(view.liveOutput, width).map((line) => pc.dim(line));
  }
  const lines: string[] = [];
  const diff = result.data.diff;
  if (!view.isError && typeof diff === "string" && diff.length > 0) {
    lines.push(...diffLines(diff, width, DIFF_LINES));
    lines.push(...newErrorLines(result.data.diagnostics, width));
  } else if (!view.isError && view.name === "write" && typeof view.args.content === "string") {
    lines.push(...addedLines(view.args.content, width, WRITE_LINES));
    lines.push(...newErrorLines(result.data.diagnostics, width));
  } else if (view.name === "bash" && typeof result.data.stdout === "string") {
    lines.push(...tail(result.data.stdout, width).map((line) => pc.dim(line)));
  } else if (view.name === "todo_write" && Array.isArray(result.data.todos)) {
    lines.push(...todoLines(result.data.todos, width));
  } else if (view.name === "ask_user" && isStringRecord(result.data.answers)) {
    for (const [question, answer] of Object.entries(result.data.answers)) {
      const line = `${plainText(question)} ${pc.dim("→")} ${plainText(answer)}`;
      lines.push(truncateToWidth(line, width, "…"));
    }
  }
  if (view.isError) {
    const message = result.error?.message ?? firstLine(result.text);
    lines.push(
      ...message
        .split("\n")
        .slice(0, 3)
        .map((line) => pc.red(fit(line, width))),
    );
  } else if (lines.length === 0 && !QUIET_TOOLS.has(view.name)) {
    // Another tool (web_fetch, ask_user, a hook module's): its outcome in one line.
    const summary = firstLine(result.text);
    if (summary) lines.push(pc.dim(fit(summary, width)));
  }
  lines.push(...truncationNotices(result.text).map((line) => pc.yellow(fit(line, width))));
  return lines;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((item) => typeof item === "string")
  );
}

/** The todo list as a checklist: done, in progress, open. */
function todoLines(todos: unknown[], width: number): string[] {
  return todos.map((todo) => {
    const { content, status } = todo as { content?: unknown; status?: unknown };
    const line = fit(`${TODO_MARKS[String(status)] ?? "[ ]"} ${String(content ?? "")}`, width);
    return status === "completed" ? pc.dim(line) : status === "in_progress" ? pc.cyan(line) : line;
  });
}

/** The last lines of output, each cut to the width (a progress bar's `\r` keeps its last state). */
function tail(output: string, width: number): string[] {
  if (output.trim() === "") return [];
  const lines = output
    .replace(/\n+$/, "")
    .split("\n")
    .map((line) => line.slice(line.lastIndexOf("\r") + 1));
  return lines.slice(-TAIL_LINES).map((line) => fit(line, width));
}

/**
 * The notices truncation adds to a result (`[Showing lines 1-2000 of 9000 … Full output:
 * …]`): the user should see that the model did not get everything.
 */
function truncationNotices(text: string): string[] {
  return text.split("\n").filter((line) => /^\[(Showing|Output truncated|Truncated)/.test(line));
}

function firstLine(text: string): string {
  return text.split("\n").find((line) => line.trim() !== "") ?? "";
}

function fit(line: string, width: number): string {
  return truncateToWidth(plainText(line), width, "…");
}

/**
 * A command's own escape sequences (colours, cursor moves) and control characters are
 * dropped: they would move our cursor or bleed colour into the lines below.
 */
function plainText(line: string): string {
  return terminalSafe(line).replace(/\t/g, "  ").replace(/\n/g, "");
}
