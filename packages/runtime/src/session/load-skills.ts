import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseSkillMarkdown, type Skill } from "@gong/agent-core";

/**
 * Skills from the discovered skills folders: every `<dir>/<name>/SKILL.md` (seed 004).
 * Files next to SKILL.md are its level-3 resources, read by the model on demand. A
 * later folder (the project's) overrides a skill of the same name from an earlier one.
 */
export function loadSkills(skillDirs: readonly string[], warn: (message: string) => void): Skill[] {
  const byName = new Map<string, Skill>();
  for (const dir of skillDirs) {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (error) {
      warn(
        `cannot read skills folder ${dir}: ${(error as Error).message}; its skills were skipped`,
      );
      continue;
    }
    for (const name of names) {
      const baseDir = path.join(dir, name);
      const file = path.join(baseDir, "SKILL.md");
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue; // not a skill folder
      }
      const resources = listResources(baseDir);
      const parsed = parseSkillMarkdown(text, { baseDir, resources, fallbackName: name });
      if (!parsed.ok) {
        warn(`${file}: ${parsed.error}; the skill was skipped`);
        continue;
      }
      for (const warning of parsed.warnings) warn(warning);
      byName.set(parsed.skill.name, parsed.skill);
    }
  }
  return [...byName.values()];
}

function listResources(baseDir: string): string[] {
  return readdirSync(baseDir)
    .filter((entry) => entry !== "SKILL.md")
    .map((entry) => path.join(baseDir, entry))
    .filter((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
}
