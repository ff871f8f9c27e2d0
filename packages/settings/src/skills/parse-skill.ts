import path from "node:path";
import type { Skill } from "@gong/agent-core";
import { parseFrontMatter, toolListField } from "@gong/config-files";
import { Type } from "@sinclair/typebox";

export type ParseSkillResult =
  | {
      ok: true;
      skill: Skill;
      warnings: string[];
      /** Tools `allowed-tools` names that Gong has not: said once per session. */
      unknownTools: string[];
    }
  | { ok: false; error: string };

/** The Agent Skills limit: the description is always in the system prompt. */
export const MAX_SKILL_DESCRIPTION = 1024;

/**
 * The front matter fields: the Agent Skills standard's, plus those Claude Code adds
 * (so its skills load without a warning). A field of the wrong type is dropped with a
 * warning naming its line; an unknown one too (a typo such as `descripton`).
 */
const FrontMatterSchema = Type.Object(
  {
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    "allowed-tools": Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
    model: Type.Optional(Type.String()),
    license: Type.Optional(Type.String()),
    compatibility: Type.Optional(Type.String()),
    metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    version: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    "argument-hint": Type.Optional(Type.String()),
    "disable-model-invocation": Type.Optional(Type.Boolean()),
    "user-invocable": Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

function asText(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Parses a SKILL.md: YAML front matter (`name`, `description`, optional `allowed-tools`,
 * `model`) and the body. Problems that still leave a usable skill come back as warnings.
 */
export function parseSkillMarkdown(
  text: string,
  source: { baseDir?: string; resources?: string[]; fallbackName?: string } = {},
): ParseSkillResult {
  const where = source.baseDir ? ` in ${source.baseDir}` : "";
  const file = source.baseDir ? path.join(source.baseDir, "SKILL.md") : "SKILL.md";
  const front = parseFrontMatter(text, FrontMatterSchema, file);
  if (front.kind === "none") {
    return {
      ok: false,
      error: `SKILL.md${where} has no frontmatter. Start the file with ---, then name: and description: lines, then ---.`,
    };
  }
  if (front.kind === "invalid") return { ok: false, error: `SKILL.md${where}: ${front.reason}` };
  const { fields, warnings } = front;
  const name = asText(fields.name) || source.fallbackName || "";
  let description = asText(fields.description);
  if (!name || !description) {
    return {
      ok: false,
      error: `SKILL.md${where} needs both name and description in its frontmatter.`,
    };
  }
  if (source.fallbackName && name !== source.fallbackName) {
    warnings.push(
      `SKILL.md${where}: name "${name}" differs from its folder "${source.fallbackName}"; the skill is loaded as "${name}" — rename one so they match.`,
    );
  }
  if (description.length > MAX_SKILL_DESCRIPTION) {
    warnings.push(
      `SKILL.md${where}: description is ${description.length} characters; only the first ${MAX_SKILL_DESCRIPTION} are shown to the model — move the details into the body.`,
    );
    description = description.slice(0, MAX_SKILL_DESCRIPTION);
  }
  const skill: Skill = { name, description, instructions: front.body.trim() };
  const allowed = toolListField(front, "allowed-tools");
  if (allowed) skill.allowedTools = allowed.tools;
  const model = asText(fields.model);
  if (model) skill.model = model;
  if (source.resources) skill.resources = source.resources;
  if (source.baseDir) skill.baseDir = source.baseDir;
  return { ok: true, skill, warnings, unknownTools: allowed?.unknown ?? [] };
}
