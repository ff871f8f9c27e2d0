import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
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

/**
 * A flag value that can only be meant as a file (`./x`, `../x`, `/x`, `~/x`, `x.md`,
 * `x.txt`) but names none: a usage error rather than a typo sent as the prompt.
 */
export function missingPromptFile(flags: PromptFlags, cwd: string): string | undefined {
  const named: [string, string | undefined][] = [
    ["--system-prompt", flags.systemPrompt],
    ["--append-system-prompt", flags.appendSystemPrompt],
  ];
  for (const [flag, value] of named) {
    const file = candidateFile(value, cwd);
    if (value === undefined || file === undefined || existsSync(file)) continue;
    if (/^(\.{0,2}\/|~(\/|$))/.test(value) || /\.(md|txt)$/i.test(value))
      return `${flag}: no such file: ${value} (${file})`;
  }
  return undefined;
}

/** The file a flag value would name: one line, not too long (else it is plain text). */
function candidateFile(value: string | undefined, cwd: string): string | undefined {
  if (value === undefined || value.length >= 4096 || /[\n\0]/.test(value)) return undefined;
  const expanded = value === "~" || value.startsWith("~/") ? homedir() + value.slice(1) : value;
  return path.resolve(cwd, expanded);
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
