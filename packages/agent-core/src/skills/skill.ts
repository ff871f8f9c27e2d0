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

/**
 * For element text inside the prompt's `<available_skills>` block: `&`, `<`, `>` only —
 * quotes stay readable for the model. Not the HTML export's `escapeHtml`, which also
 * escapes quotes because it writes attributes.
 */
function escapeXmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Level 1 for the system prompt: names and descriptions only (the body is read only when the skill is used; docs/behaviours.md, Skills). */
export function formatSkillsForPrompt(skills: readonly Skill[]): string {
  if (skills.length === 0) return "";
  const entries = skills.map(
    (s) =>
      `  <skill>\n    <name>${escapeXmlText(s.name)}</name>\n    <description>${escapeXmlText(s.description)}</description>\n  </skill>`,
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
