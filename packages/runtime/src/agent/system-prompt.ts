import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { buildSystemPrompt, type Skill } from "@gong/agent-core";
import { FileStamps, systemPromptFiles } from "@gong/config-files";
import type { Resources } from "@gong/settings";
import type { Tool } from "@gong/tools";

export interface PromptFlags {
  /** `--system-prompt`: text, or a path to a file holding it. */
  systemPrompt?: string;
  /** `--append-system-prompt`: text, or a path to a file holding it. */
  appendSystemPrompt?: string;
  /** `--output-schema`: what the final answer must be (text, never a path), added last. */
  outputInstructions?: string;
}

export interface SessionSystemPromptParts {
  cwd: string;
  gongHome: string;
  /** Discovers the context files, SYSTEM.md and APPEND_SYSTEM.md again at each build. */
  discover: () => Resources;
  skills: readonly Skill[];
  flags: PromptFlags;
}

/**
 * The session's one system prompt provider: the agent asks `systemPrompt(tools)` at the
 * start of each run, before every LLM call (also between the turns of one tool loop)
 * and before a compaction. The order is written here once — the context files and
 * flags make the base prompt, and the run's `onBeforeAgent` hooks rewrite that in the
 * agent (`RunSystemPrompt`). It re-reads only when a context file, SYSTEM.md,
 * APPEND_SYSTEM.md or a `--system-prompt` file was created, edited, replaced or deleted
 * since the last read, or the tools changed (a settings reload): a stat per candidate
 * file otherwise.
 */
export class SessionSystemPrompt {
  private readonly stamps: FileStamps;
  private tools: readonly Tool[] | undefined;
  private prompt = "";

  constructor(private readonly parts: SessionSystemPromptParts) {
    const { cwd, gongHome, flags } = parts;
    this.stamps = new FileStamps([
      ...systemPromptFiles({ cwd, gongHome }),
      ...flagFiles(flags, cwd),
    ]);
  }

  systemPrompt(tools: readonly Tool[]): string {
    // Stamps first: an edit landing during the read is noticed at the next check.
    if (this.stamps.changed() || tools !== this.tools) {
      this.tools = tools;
      const { cwd, discover, skills, flags } = this.parts;
      this.prompt = assembleSystemPrompt(cwd, discover(), tools, skills, flags);
    }
    return this.prompt;
  }
}

/**
 * The system prompt for this cwd: `--system-prompt` or SYSTEM.md replace the base
 * prompt; APPEND_SYSTEM.md and `--append-system-prompt` are added at the end; context
 * files and skills always stay in (test/system-prompt-provider.test.ts).
 */
function assembleSystemPrompt(
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
    flags.outputInstructions,
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
function flagFiles(flags: PromptFlags, cwd: string): string[] {
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
