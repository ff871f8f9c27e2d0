/** A skill as `@gong/runtime` discovers it (`SKILL.md` under `~/.gong/skills/`, `.gong/skills/`). */
export interface Skill {
  /** Level 1 (always in the system prompt). */
  name: string;
  description: string;
  /** Level 2: the SKILL.md body after the frontmatter, loaded on activation. */
  instructions: string;
  /** While active, the model may use only these tools (plus `skill`). */
  allowedTools?: string[];
  /** While active, this model id is used (when the agent can resolve it). */
  model?: string;
  /** Level 3: resource files (absolute paths) the model reads on demand. */
  resources?: string[];
  /** The skill's folder, so relative paths in its instructions resolve. */
  baseDir?: string;
}

export type ParseSkillResult = { ok: true; skill: Skill } | { ok: false; error: string };

function parseList(value: string): string[] {
  const inner = value.replace(/^\[/, "").replace(/\]$/, "");
  return inner
    .split(/[,\s]+/)
    .map((item) => item.trim().replace(/^["']|["']$/g, ""))
    .filter(Boolean);
}

/**
 * Parses a SKILL.md: YAML frontmatter (`name`, `description`, optional
 * `allowed-tools` as a list or comma/space-separated string, `model`) and the body.
 * Only the flat subset of YAML that SKILL.md files use is understood.
 */
export function parseSkillMarkdown(
  text: string,
  source: { baseDir?: string; resources?: string[]; fallbackName?: string } = {},
): ParseSkillResult {
  const match = text.replace(/^\uFEFF/, "").match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  const where = source.baseDir ? ` in ${source.baseDir}` : "";
  if (!match) {
    return {
      ok: false,
      error: `SKILL.md${where} has no frontmatter. Start the file with ---, then name: and description: lines, then ---.`,
    };
  }
  const fields: Record<string, string | string[]> = {};
  let listKey: string | undefined;
  for (const line of match[1]!.split(/\r?\n/)) {
    const item = line.match(/^\s+-\s+(.*)$/);
    if (item && listKey) {
      const list = fields[listKey];
      fields[listKey] = [...(Array.isArray(list) ? list : []), item[1]!.trim()];
      continue;
    }
    const pair = line.match(/^([A-Za-z][\w-]*)\s*:\s*(.*)$/);
    if (!pair) continue;
    const value = pair[2]!.trim().replace(/^["']|["']$/g, "");
    listKey = value === "" ? pair[1]! : undefined;
    fields[pair[1]!] = value;
  }
  const str = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : "");
  const name = str("name") || source.fallbackName || "";
  const description = str("description");
  if (!name || !description) {
    return {
      ok: false,
      error: `SKILL.md${where} needs both name and description in its frontmatter.`,
    };
  }
  const skill: Skill = { name, description, instructions: match[2]!.trim() };
  const tools = fields["allowed-tools"];
  if (tools && tools.length > 0)
    skill.allowedTools = Array.isArray(tools) ? tools : parseList(tools);
  if (str("model")) skill.model = str("model");
  if (source.resources) skill.resources = source.resources;
  if (source.baseDir) skill.baseDir = source.baseDir;
  return { ok: true, skill };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Level 1 for the system prompt: names and descriptions only (seed 004 progressive disclosure). */
export function formatSkillsForPrompt(skills: readonly Skill[]): string {
  if (skills.length === 0) return "";
  const entries = skills.map(
    (s) =>
      `  <skill>\n    <name>${escapeXml(s.name)}</name>\n    <description>${escapeXml(s.description)}</description>\n  </skill>`,
  );
  return [
    "The following skills provide specialized instructions for specific tasks.",
    "When a task matches a skill's description, call the skill tool with its name to load the full instructions before starting.",
    "",
    "<available_skills>",
    ...entries,
    "</available_skills>",
  ].join("\n");
}
