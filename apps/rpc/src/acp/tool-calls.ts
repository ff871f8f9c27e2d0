/**
 * How a gong tool call looks to an ACP client: its kind (the editor's icon), a title,
 * the locations it touches (the editor follows along) and its content — for edits the
 * diff, so the editor can show and review the change.
 */
import path from "node:path";
import type { ToolCallContent, ToolCallLocation, ToolKind } from "@agentclientprotocol/sdk";
import { toolCallSummary } from "@gong/render";

const KINDS: Record<string, ToolKind> = {
  read: "read",
  write: "edit",
  edit: "edit",
  bash: "execute",
  bash_output: "execute",
  kill_shell: "execute",
  grep: "search",
  find: "search",
  ls: "search",
};

export function toolKind(toolName: string): ToolKind {
  return KINDS[toolName] ?? "other";
}

type Args = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;

/** The call's name and what it is about (`toolCallSummary`, the same on every face). */
export function toolTitle(toolName: string, args: Args): string {
  return `${toolName} ${toolCallSummary(toolName, args)}`.trim();
}

export function toolLocations(args: Args, cwd: string): ToolCallLocation[] {
  const file = text(args.path);
  if (!file) return [];
  const line = typeof args.offset === "number" ? { line: args.offset } : {};
  return [{ path: path.resolve(cwd, file), ...line }];
}

/** The change an edit or write makes, as ACP diffs (absolute paths, as ACP requires). */
export function toolDiffs(toolName: string, args: Args, cwd: string): ToolCallContent[] {
  const file = text(args.path);
  if (!file) return [];
  const absolute = path.resolve(cwd, file);
  if (toolName === "write" && typeof args.content === "string") {
    return [{ type: "diff", path: absolute, oldText: null, newText: args.content }];
  }
  if (toolName !== "edit") return [];
  const edits = Array.isArray(args.edits) ? (args.edits as Args[]) : [args];
  return edits.flatMap((edit) =>
    typeof edit.oldText === "string" && typeof edit.newText === "string"
      ? [{ type: "diff" as const, path: absolute, oldText: edit.oldText, newText: edit.newText }]
      : [],
  );
}

/** A bash call that started a background shell: its id and command, first in its content. */
export function backgroundShellContent(
  toolName: string,
  args: Args,
  data: Record<string, unknown> | undefined,
): ToolCallContent[] {
  const id = text(data?.shell_id);
  if (toolName !== "bash" || data?.background !== true || !id) return [];
  return [textContent(`Background shell ${id}: ${text(args.command) ?? ""}`)];
}

export function textContent(value: string): ToolCallContent {
  return { type: "content", content: { type: "text", text: value } };
}
