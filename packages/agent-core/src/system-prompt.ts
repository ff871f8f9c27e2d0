import type { Tool } from "@gong/tools";
import type { Skill } from "./skills/skill.js";
import { formatSkillsForPrompt } from "./skills/skill.js";

export interface ContextFile {
  /** Shown to the model so it knows where the instructions come from. */
  path: string;
  content: string;
}

/** What the system prompt is built from; `@gong/runtime` finds these on disk. */
export interface SystemPromptResources {
  tools: readonly Pick<Tool, "name" | "description">[];
  cwd: string;
  /** Defaults to now; pass a fixed date for reproducible prompts. */
  date?: Date;
  /** AGENTS.md / CLAUDE.md contents, outermost first. */
  contextFiles?: readonly ContextFile[];
  skills?: readonly Skill[];
  /** Replaces the built-in base prompt (`--system-prompt`). */
  customPrompt?: string;
  /** Appended at the end (`--append-system-prompt`). */
  appendPrompt?: string;
}

const BASE_PROMPT = `You are an expert coding assistant. You help users by reading files, running commands, editing code and writing new files in their project.

Guidelines:
- Read a file before editing it; make the smallest change that solves the problem.
- Prefer the dedicated tools (read, grep, find, ls) over bash for looking at files.
- Tool results end with a recommended next step when they are partial or failed: follow it.
- Be concise. Show file paths clearly when you mention them.`;

function firstLine(text: string): string {
  return text.split("\n", 1)[0]?.trim() ?? "";
}

/** Builds the system prompt from data only (docs/architecture.md, "The event stream"); no filesystem access. */
export function buildSystemPrompt(resources: SystemPromptResources): string {
  const sections: string[] = [resources.customPrompt ?? BASE_PROMPT];
  if (!resources.customPrompt && resources.tools.length > 0) {
    const list = resources.tools.map((t) => `- ${t.name}: ${firstLine(t.description)}`);
    sections.push(`Available tools:\n${list.join("\n")}`);
  }
  const files = resources.contextFiles ?? [];
  if (files.length > 0) {
    const blocks = files.map((f) => `<file path="${f.path}">\n${f.content.trim()}\n</file>`);
    sections.push(
      `# Project context\n\nInstructions from the project's context files:\n\n${blocks.join("\n\n")}`,
    );
  }
  const skills = formatSkillsForPrompt(resources.skills ?? []);
  if (skills) sections.push(skills);
  if (resources.appendPrompt) sections.push(resources.appendPrompt);
  const date = (resources.date ?? new Date()).toISOString().slice(0, 10);
  sections.push(`Current date: ${date}\nCurrent working directory: ${resources.cwd}`);
  return sections.join("\n\n");
}
