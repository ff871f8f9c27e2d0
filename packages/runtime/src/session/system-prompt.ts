import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildSystemPrompt, type Skill } from "@gong/agent-core";
import type { Tool } from "@gong/tools";
import type { Resources } from "../config/resources.js";

export interface PromptFlags {
  /** `--system-prompt`: text, or a path to a file holding it. */
  systemPrompt?: string;
  /** `--append-system-prompt`: text, or a path to a file holding it. */
  appendSystemPrompt?: string;
}

/**
 * The system prompt for this cwd: `--system-prompt` or SYSTEM.md replace the base
 * prompt; APPEND_SYSTEM.md and `--append-system-prompt` are added at the end; context
 * files and skills always stay in (ARCHITECTURE §5).
 */
export function assembleSystemPrompt(
  cwd: string,
  resources: Resources,
  tools: readonly Tool[],
  skills: readonly Skill[],
  flags: PromptFlags,
): string {
  const custom = textOrFile(flags.systemPrompt, cwd) ?? resources.systemPrompt?.content;
  const appended = [
    resources.appendSystemPrompt?.content,
    textOrFile(flags.appendSystemPrompt, cwd),
  ]
    .filter((part): part is string => part !== undefined && part.trim() !== "")
    .join("\n\n");
  return buildSystemPrompt({
    tools,
    cwd,
    contextFiles: resources.contextFiles,
    skills,
    ...(custom !== undefined ? { customPrompt: custom } : {}),
    ...(appended ? { appendPrompt: appended } : {}),
  });
}

/** The files the flags may name (watched like the context files: edits apply next turn). */
export function flagFiles(flags: PromptFlags, cwd: string): string[] {
  return [flags.systemPrompt, flags.appendSystemPrompt].flatMap((value) => {
    const file = candidateFile(value, cwd);
    return file ? [file] : [];
  });
}

/** The file a flag value would name: one line, not too long (else it is plain text). */
function candidateFile(value: string | undefined, cwd: string): string | undefined {
  if (value === undefined || value.length >= 4096 || /[\n\0]/.test(value)) return undefined;
  return path.resolve(cwd, value);
}

/** A flag value that names an existing file means that file's content (as pi does). */
function textOrFile(value: string | undefined, cwd: string): string | undefined {
  if (value === undefined) return undefined;
  const file = candidateFile(value, cwd);
  if (file !== undefined) {
    if (existsSync(file)) {
      try {
        return readFileSync(file, "utf8");
      } catch {
        // A directory or unreadable file of that name: the value is meant as text.
      }
    }
  }
  return value;
}
