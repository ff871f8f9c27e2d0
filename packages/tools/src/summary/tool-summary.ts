/**
 * What a tool call is about, on one line: its key argument (the path of a read, the
 * command of a bash, the pattern of a grep, the url of a web_fetch). Every face shows
 * this same text beside the tool's name — the terminal's tool line and status line, a
 * subagent's progress, ACP's title, `gong web`'s page and the HTML export.
 *
 * Browser-safe (no Node import), and published alone as `@gong/tools/summary`: the page
 * and the export only have a call's name and arguments, so a summary is a function of
 * the arguments only, looked up by the tool's name (`toolCallSummary`). A built-in
 * tool's `summary` is its entry of `TOOL_SUMMARIES`; a tool without an entry (an MCP
 * tool, the runtime's `task`, a hook module's tool) gets `keyArgumentSummary`.
 */
import { isRecord } from "@gong/base";

/** A call's key argument, or undefined when it has none worth showing. */
export type ToolSummary = (args: Readonly<Record<string, unknown>>) => string | undefined;

/** The longest summary; a longer one is cut and ends in "…". */
export const TOOL_SUMMARY_MAX = 100;

const stringArgument =
  (key: string): ToolSummary =>
  (args) =>
    typeof args[key] === "string" ? args[key] : undefined;

/** ask_user: its first question (the dialog shows them all). */
const firstQuestion: ToolSummary = (args) => {
  const first: unknown = Array.isArray(args.questions) ? args.questions[0] : undefined;
  const question = isRecord(first) ? first.question : undefined;
  return typeof question === "string" ? question : undefined;
};

/** todo_write: how many items the list has (its content is shown below the call). */
const todoCount: ToolSummary = (args) => {
  if (!Array.isArray(args.todos)) return undefined;
  return `${args.todos.length} item${args.todos.length === 1 ? "" : "s"}`;
};

/** bash: its command, marked when it runs in the background (bash_output reads it later). */
const bashCommand: ToolSummary = (args) => {
  if (typeof args.command !== "string") return undefined;
  return args.run_in_background === true ? `(background) ${args.command}` : args.command;
};

/** Each built-in tool's summary, by the tool's name (its definition's `summary`). */
export const TOOL_SUMMARIES: Readonly<Record<string, ToolSummary>> = {
  read: stringArgument("path"),
  write: stringArgument("path"),
  edit: stringArgument("path"),
  ls: stringArgument("path"),
  bash: bashCommand,
  bash_output: stringArgument("shell_id"),
  kill_shell: stringArgument("shell_id"),
  grep: stringArgument("pattern"),
  find: stringArgument("pattern"),
  web_fetch: stringArgument("url"),
  ask_user: firstQuestion,
  todo_write: todoCount,
};

/**
 * Argument names that say what a call is about, in the order looked for: a tool whose
 * arguments are someone else's naming (an MCP server's) usually has one of them.
 */
const KEY_ARGUMENTS = [
  "command",
  "path",
  "file_path",
  "pattern",
  "url",
  "query",
  "description",
  "shell_id",
  "name",
];

/**
 * The rule for a tool that has no summary of its own: the first of `KEY_ARGUMENTS` that
 * is a string, else the first string argument (in the order the model wrote them).
 */
export const keyArgumentSummary: ToolSummary = (args) => {
  const key = KEY_ARGUMENTS.find((name) => typeof args[name] === "string");
  if (key) return args[key] as string;
  return Object.values(args).find((value): value is string => typeof value === "string");
};

/**
 * The one-line summary of a call by its tool's name: whitespace runs are one space, at
 * most `TOOL_SUMMARY_MAX` characters; "" when the call has nothing to show (the face
 * shows the name alone). `args` is whatever the call carried (not an object: "").
 */
export function toolCallSummary(toolName: string, args: unknown): string {
  if (!isRecord(args)) return "";
  const summary = (TOOL_SUMMARIES[toolName] ?? keyArgumentSummary)(args) ?? "";
  const flat = summary.replace(/\s+/g, " ").trim();
  return flat.length > TOOL_SUMMARY_MAX ? `${flat.slice(0, TOOL_SUMMARY_MAX - 1)}…` : flat;
}
