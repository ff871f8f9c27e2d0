import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Skill } from "@gong/agent-core";
import { readRegularFile } from "@gong/config-files";
import { parseSkillMarkdown } from "./parse-skill.js";

/** A SKILL.md larger than this is not a skill someone wrote by hand: it is cut here. */
const MAX_SKILL_FILE_BYTES = 1024 * 1024;

/**
 * Skills from the discovered skills folders: every `<dir>/<name>/SKILL.md` (test/skills.test.ts, apps/cli/test/skills.test.ts).
 * Files next to SKILL.md are its level-3 resources, read by the model on demand. A
 * later folder (the project's) overrides a skill of the same name from an earlier one.
 */
export function loadSkills(
  skillDirs: readonly string[],
  warn: (message: string) => void,
  unknownTools: (names: readonly string[]) => void = (names) => {
    if (names.length > 0)
      warn(`skill allowed-tools Gong has not were left out: ${names.join(", ")}`);
  },
): Skill[] {
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
      // Never blocks on a FIFO; a symlink loop or an unreadable file is said, then skipped.
      const read = readRegularFile(file, MAX_SKILL_FILE_BYTES);
      if (read.kind === "missing") continue; // not a skill folder
      if (read.kind === "skipped") {
        warn(read.warning);
        continue;
      }
      const text = read.content;
      if (read.size > MAX_SKILL_FILE_BYTES) {
        warn(
          `${file} is over ${MAX_SKILL_FILE_BYTES / 1024 / 1024} MB; only its first MB was read`,
        );
      }
      const resources = listResources(baseDir);
      const parsed = parseSkillMarkdown(text, { baseDir, resources, fallbackName: name });
      if (!parsed.ok) {
        warn(`${file}: ${parsed.error}; the skill was skipped`);
        continue;
      }
      for (const warning of parsed.warnings) warn(warning);
      unknownTools(parsed.unknownTools);
      byName.set(parsed.skill.name, parsed.skill);
    }
  }
  return [...byName.values()];
}

function listResources(baseDir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(baseDir);
  } catch {
    return []; // its SKILL.md was just read, so this is a race with a deletion: no resources
  }
  return entries
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
