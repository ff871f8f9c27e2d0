/**
 * Claude Code's rule for nested memory: an AGENTS.md / CLAUDE.md in a folder below the
 * project joins the context the first time the agent reads a file under that folder. It
 * is appended to that read's result as a `<context-file path="…">` block, so it sits in
 * the conversation where it arrived, is shown in the transcript, and is saved with the
 * session. "Once" means once per context: the blocks already in the messages about to be
 * sent are found again before each model call (a resumed session does not add them
 * twice), and one that compaction summarised away is added again at the next read under
 * its folder (apps/cli/test/memory-imports.test.ts "subfolder").
 */
import path from "node:path";
import type { AgentHooks } from "@gong/agent-core";
import { isPathWithin, type ToolResponse } from "@gong/base";
import type { Message } from "@gong/llm";
import { contextFileIn } from "@gong/settings";

const BLOCK = /<context-file path="([^"\n]+)">/g;

export function createSubfolderContextHook(options: {
  cwd: string;
  warn: (message: string) => void;
}): AgentHooks {
  const cwd = path.resolve(options.cwd);
  let inContext = new Set<string>();
  return {
    name: "subfolder-context",
    observeContext(messages: readonly Message[]): void {
      inContext = blocksIn(messages);
    },
    onToolResult(toolName: string, result: ToolResponse): ToolResponse {
      if (toolName !== "read" || result.status === "error") return result;
      const resolved = result.context.path_resolved;
      if (typeof resolved !== "string") return result;
      const file = path.resolve(cwd, resolved);
      const blocks: string[] = [];
      for (const dir of foldersBetween(cwd, path.dirname(file))) {
        const warnings: string[] = [];
        const found = contextFileIn(dir, warnings);
        for (const warning of warnings) options.warn(warning);
        if (!found || inContext.has(found.path)) continue;
        inContext.add(found.path);
        blocks.push(
          `<context-file path="${found.path}">\nInstructions for files under ${path.relative(cwd, dir)}/:\n${found.content.trim()}\n</context-file>`,
        );
      }
      if (blocks.length === 0) return result;
      return { ...result, text: [result.text, ...blocks].join("\n\n") };
    },
  };
}

/** The folders below `root` down to `dir`, outermost first; none when `dir` is not below it. */
function foldersBetween(root: string, dir: string): string[] {
  if (dir === root || !isPathWithin(root, dir)) return [];
  const chain: string[] = [];
  for (let current = dir; current !== root; current = path.dirname(current)) chain.unshift(current);
  return chain;
}

/**
 * The context files of each message, found once: a message is never changed once it is
 * in the history, and scanning every tool result's text again before each model call
 * grew with the session (bench/src/profile.mjs after 2 800 messages).
 */
const blocksOfMessage = new WeakMap<Message, readonly string[]>();

function blocksIn(messages: readonly Message[]): Set<string> {
  const found = new Set<string>();
  for (const message of messages) {
    if (message.role !== "toolResult") continue;
    let paths = blocksOfMessage.get(message);
    if (!paths) {
      paths = message.content.flatMap((part) =>
        part.type === "text" ? [...part.text.matchAll(BLOCK)].map((match) => match[1]!) : [],
      );
      blocksOfMessage.set(message, paths);
    }
    for (const file of paths) found.add(file);
  }
  return found;
}
