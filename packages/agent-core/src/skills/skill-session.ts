import type { Tool } from "@gong/tools";
import { defineTool, failure, success } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import { SkillActivationStack } from "./activation-stack.js";
import type { Skill } from "./skill.js";

export const SKILL_TOOL_NAME = "skill";

const skillParameters = Type.Object({
  name: Type.String({ description: "Name of the skill to load, as listed in <available_skills>." }),
});

/**
 * The tools whose names `allowed` lists (any case); all of them without a list. One
 * rule for a skill's and a prompt command's `allowed-tools`.
 */
export function narrowTools(tools: Tool[], allowed: Iterable<string> | undefined): Tool[] {
  if (allowed === undefined) return tools;
  const names = new Set([...allowed].map((name) => name.toLowerCase()));
  return tools.filter((t) => names.has(t.name.toLowerCase()));
}

/**
 * The skills of one agent: the `skill` tool that loads level 2 (instructions) and lists
 * level 3 (resources), the activation stack, and the context modifier of the active
 * skills (allowed tools, model). Skills stay active until the run ends.
 */
export class SkillSession {
  readonly stack: SkillActivationStack;

  /**
   * @param offered the names of the tools the agent offers now: a skill's `allowed-tools`
   * can only narrow them, and its activation names only those it keeps.
   */
  constructor(
    private readonly skills: readonly Skill[],
    private readonly offered: () => readonly string[] = () => [],
    maxDepth?: number,
  ) {
    this.stack = new SkillActivationStack(maxDepth);
  }

  private active(): Skill[] {
    return this.stack.names().flatMap((name) => this.skills.filter((s) => s.name === name));
  }

  /** Tool names allowed now: the intersection over active skills that restrict tools. */
  allowedTools(): Set<string> | undefined {
    let allowed: Set<string> | undefined;
    for (const skill of this.active()) {
      if (!skill.allowedTools) continue;
      const own = new Set(skill.allowedTools.map((t) => t.toLowerCase()));
      allowed = allowed ? new Set([...allowed].filter((t) => own.has(t))) : own;
    }
    allowed?.add(SKILL_TOOL_NAME);
    return allowed;
  }

  /** The model id of the innermost active skill that names one. */
  modelId(): string | undefined {
    return this.active()
      .reverse()
      .find((s) => s.model)?.model;
  }

  filterTools(tools: Tool[]): Tool[] {
    return narrowTools(tools, this.allowedTools());
  }

  reset(): void {
    this.stack.clear();
  }

  /** Activates `name` (level 2 + level-3 list); an error envelope for unknown names and cycles. */
  activate(name: string) {
    const skill = this.skills.find((s) => s.name === name);
    if (!skill) {
      const names = this.skills.map((s) => s.name).join(", ") || "none";
      return failure("NOT_FOUND", `Skill ${name} not found. Available skills: ${names}.`, {
        next: ["Call skill with one of the available names, or continue without a skill."],
      });
    }
    const pushed = this.stack.push(name);
    if (!pushed.ok) {
      return failure("BLOCKED", pushed.error, {
        data: { skill: name, activation_stack: this.stack.names() },
        next: ["Continue with the skills already active instead of activating this one again."],
      });
    }
    const resources = skill.resources ?? [];
    const parts = [`Skill ${skill.name} activated.`];
    if (skill.baseDir) parts.push(`Base directory: ${skill.baseDir}`);
    parts.push("", skill.instructions);
    if (resources.length > 0) {
      parts.push(
        "",
        "Resources (read them with the read tool only when the instructions need them):",
        ...resources.map((r) => `- ${r}`),
      );
    }
    const offered = new Set(this.offered().map((t) => t.toLowerCase()));
    const usable = skill.allowedTools?.filter((t) => offered.has(t.toLowerCase()));
    if (usable) {
      const list = usable.length > 0 ? usable.join(", ") : `only ${SKILL_TOOL_NAME}`;
      parts.push("", `While this skill is active you may use: ${list}.`);
    }
    return success(
      {
        skill: skill.name,
        instructions: skill.instructions,
        resources,
        allowed_tools: usable ?? null,
        model: skill.model ?? null,
        activation_stack: this.stack.names(),
      },
      parts.join("\n"),
      { truncationSkip: true },
    );
  }

  tool(): Tool {
    return defineTool({
      name: SKILL_TOOL_NAME,
      label: "Skill",
      description:
        "Load a skill's full instructions (and the list of its resource files) by name. Use it when the task matches a skill in <available_skills>.",
      parameters: skillParameters,
      execute: async (params) => this.activate(params.name),
    }) as unknown as Tool;
  }
}
