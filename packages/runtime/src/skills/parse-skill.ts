import path from "node:path";
import type { Skill } from "@gong/agent-core";
import { formatConfigIssue } from "@gong/config-files";
import { TOOL_NAMES } from "@gong/tools";
import { Type } from "@sinclair/typebox";
import { parseFrontMatter } from "../config/front-matter.js";
import { fromClaudeToolName } from "../hooks/claude-tool-names.js";
import { TASK_TOOL_NAME } from "../subagents/subagent-types.js";

export type ParseSkillResult =
  | { ok: true; skill: Skill; warnings: string[] }
  | { ok: false; error: string };

/** What `allowed-tools` may name: Gong's tools, the skill tool itself and task. */
const KNOWN_TOOLS: readonly string[] = [...TOOL_NAMES, "skill", TASK_TOOL_NAME];

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

/**
 * `allowed-tools` as a YAML list or a comma/space-separated string, in Gong's names or
 * Claude Code's (`Bash(python:*)` → `bash`: the argument pattern is Claude Code's
 * permission syntax; Gong allows the whole tool).
 */
export function parseAllowedTools(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.map(String)
    : (String(value).match(/[^\s,(]+(?:\([^)]*\))?/g) ?? []);
  const tools = items.map((item) => fromClaudeToolName(item.trim().replace(/\(.*\)$/, "")));
  return [...new Set(tools.filter(Boolean))];
}

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
  const parsed = parseFrontMatter(text, FrontMatterSchema, { file, label: `SKILL.md${where}` });
  if (!parsed.ok && parsed.problem === "missing") {
    return {
      ok: false,
      error: `SKILL.md${where} has no frontmatter. Start the file with ---, then name: and description: lines, then ---.`,
    };
  }
  if (!parsed.ok) {
    return {
      ok: false,
      error: `SKILL.md${where}: its front matter is not valid YAML (${parsed.reason}). Quote values that contain ": " or start with [ { > | * &.`,
    };
  }
  const { fields, warnings } = parsed;
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
  const skill: Skill = { name, description, instructions: parsed.body.trim() };
  if (fields["allowed-tools"] !== undefined && fields["allowed-tools"] !== null) {
    const tools = parseAllowedTools(fields["allowed-tools"]);
    // An unknown name allows nothing (a list of only unknown names allows only `skill`).
    const known = tools.filter((tool) => KNOWN_TOOLS.includes(tool));
    if (known.length < tools.length) {
      const at = parsed.locate(["allowed-tools"], "value");
      for (const unknown of tools.filter((tool) => !known.includes(tool))) {
        const message = `allowed-tools names unknown tool "${unknown}"; it was ignored`;
        warnings.push(formatConfigIssue(file, { ...at, message }));
      }
    }
    if (tools.length > 0) skill.allowedTools = known;
  }
  const model = asText(fields.model);
  if (model) skill.model = model;
  if (source.resources) skill.resources = source.resources;
  if (source.baseDir) skill.baseDir = source.baseDir;
  return { ok: true, skill, warnings };
}
