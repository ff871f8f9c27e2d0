import type { Message } from "@gong/llm";

/** Files read and modified (compaction summary lists); not the tools' `FileOperations` (fs access). */
export interface FilesTouched {
  read: Set<string>;
  modified: Set<string>;
}

const READ_TOOLS = new Set(["read"]);
const WRITE_TOOLS = new Set(["write", "edit"]);

/** Files the summarised messages read or changed, from the tools' `path` arguments. */
export function collectFilesTouched(messages: readonly Message[], into?: FilesTouched) {
  const ops: FilesTouched = into ?? { read: new Set(), modified: new Set() };
  for (const message of messages) {
    if (message.role !== "assistant" || !Array.isArray(message.content)) continue;
    for (const part of message.content) {
      if (part.type !== "toolCall") continue;
      const path = part.arguments?.path ?? part.arguments?.file_path;
      if (typeof path !== "string") continue;
      if (READ_TOOLS.has(part.name)) ops.read.add(path);
      if (WRITE_TOOLS.has(part.name)) ops.modified.add(path);
    }
  }
  return ops;
}

/** Files only read (not also modified) and files modified, sorted, for the summary. */
export function fileLists(ops: FilesTouched) {
  const modified = [...ops.modified].sort();
  const read = [...ops.read].filter((p) => !ops.modified.has(p)).sort();
  return { read, modified };
}

export function formatFileLists(read: string[], modified: string[]): string {
  const parts: string[] = [];
  if (read.length > 0) parts.push(`<read-files>\n${read.join("\n")}\n</read-files>`);
  if (modified.length > 0) {
    parts.push(`<modified-files>\n${modified.join("\n")}\n</modified-files>`);
  }
  return parts.join("\n\n");
}

/** Reads the lists back out of an earlier summary so an update keeps them. */
export function parseFileLists(summary: string): FilesTouched {
  const list = (tag: string) => {
    const match = summary.match(new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`));
    return match?.[1] ? match[1].split("\n").filter(Boolean) : [];
  };
  return { read: new Set(list("read-files")), modified: new Set(list("modified-files")) };
}
