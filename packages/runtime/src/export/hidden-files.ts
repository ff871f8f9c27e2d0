/**
 * The export without what `Read(…)` deny rules hide: a session recorded before the rule
 * was added may hold a read of `.env`, a write's content or an `@.env` attachment. Each is
 * replaced by a line naming the rule (apps/cli/test/read-deny-rules.test.ts "export").
 */
import type { Message, ToolCall } from "@gong/llm";
import { type HiddenPaths, resolveInputPath } from "@gong/tools";
import type { ExportDocument, ExportItem } from "./document.js";

/** Tools whose call names one file, and show it in their arguments or result. */
const FILE_TOOLS = new Set(["read", "edit", "write"]);
const ATTACHED_BLOCK = /<file path="([^"\n]+)">\n[\s\S]*?\n<\/file>/g;

export function withoutHiddenFiles(
  doc: ExportDocument,
  hidden: HiddenPaths | undefined,
  home: string,
): ExportDocument {
  if (!hidden) return doc;
  const ruleFor = (input: unknown): string | undefined => {
    if (typeof input !== "string") return undefined;
    const target = resolveInputPath(input, doc.cwd, home);
    return target.ok ? hidden(target.path) : undefined;
  };
  const hiddenCalls = new Map<string, string>();
  const items = doc.items.map((item) => hideInItem(item, ruleFor, hiddenCalls));
  const subagents = doc.subagents
    ? Object.fromEntries(
        Object.entries(doc.subagents).map(([id, sub]) => [
          id,
          withoutHiddenFiles(sub, hidden, home),
        ]),
      )
    : undefined;
  return { ...doc, items, ...(subagents ? { subagents } : {}) };
}

function note(path: string, rule: string): string {
  return `[${path} is hidden by the permissions.deny rule ${rule}]`;
}

function hideInItem(
  item: ExportItem,
  ruleFor: (input: unknown) => string | undefined,
  hiddenCalls: Map<string, string>,
): ExportItem {
  if (item.kind !== "message") return item;
  const message: Message = item.message;
  if (message.role === "assistant") {
    const content = message.content.map((block) => {
      if (block.type !== "toolCall" || !FILE_TOOLS.has(block.name)) return block;
      const rule = ruleFor(block.arguments.path);
      if (rule === undefined) return block;
      hiddenCalls.set(block.id, note(String(block.arguments.path), rule));
      const hiddenCall: ToolCall = { ...block, arguments: { path: block.arguments.path } };
      return hiddenCall;
    });
    return { kind: "message", message: { ...message, content } };
  }
  if (message.role === "toolResult") {
    const text = hiddenCalls.get(message.toolCallId);
    if (text === undefined) return item;
    const { details: _details, ...rest } = message;
    return { kind: "message", message: { ...rest, content: [{ type: "text", text }] } };
  }
  const hideAttached = (text: string) =>
    text.replace(ATTACHED_BLOCK, (block, file: string) => {
      const rule = ruleFor(file);
      return rule === undefined ? block : note(file, rule);
    });
  const content =
    typeof message.content === "string"
      ? hideAttached(message.content)
      : message.content.map((part) =>
          part.type === "text" ? { ...part, text: hideAttached(part.text) } : part,
        );
  return { kind: "message", message: { ...message, content } };
}
