import { describe, expect, it } from "vitest";
import { parseSkillMarkdown } from "../src/index.js";

describe("seed 004 skills — SKILL.md parsing", () => {
  it("reads name, description, allowed-tools and model from the frontmatter", () => {
    const parsed = parseSkillMarkdown(
      "---\nname: pdf-report\ndescription: Build PDF reports from data\nallowed-tools: read, bash\nmodel: claude-haiku\n---\n# Steps\n1. Read data\n",
      { baseDir: "/skills/pdf-report", resources: ["/skills/pdf-report/template.md"] },
    );
    expect(parsed).toEqual({
      ok: true,
      skill: {
        name: "pdf-report",
        description: "Build PDF reports from data",
        instructions: "# Steps\n1. Read data",
        allowedTools: ["read", "bash"],
        model: "claude-haiku",
        resources: ["/skills/pdf-report/template.md"],
        baseDir: "/skills/pdf-report",
      },
      warnings: [],
      unknownTools: [],
    });
  });

  it("accepts allowed-tools as a YAML list", () => {
    const parsed = parseSkillMarkdown(
      "---\nname: a\ndescription: d\nallowed-tools:\n  - read\n  - grep\n---\nbody",
    );
    expect(parsed.ok && parsed.skill.allowedTools).toEqual(["read", "grep"]);
  });

  it("a SKILL.md without description is an error that says what to add", () => {
    const parsed = parseSkillMarkdown("---\nname: a\n---\nbody", { baseDir: "/s/a" });
    expect(parsed).toEqual({
      ok: false,
      error: expect.stringContaining("needs both name and description"),
    });
  });
});

describe("skills — front matter parsed as YAML", () => {
  const parse = (frontMatter: string, folder = "a") =>
    parseSkillMarkdown(`---\n${frontMatter}\n---\nbody`, {
      baseDir: `/s/${folder}`,
      fallbackName: folder,
    });

  it('a folded > description is the folded text, not ">"', () => {
    const parsed = parse("name: a\ndescription: >\n  Builds reports\n  from data.\n");
    expect(parsed.ok && parsed.skill.description).toBe("Builds reports from data.");
  });

  it("a literal | description keeps its lines; quotes are YAML quotes", () => {
    const parsed = parse("name: 'a'\ndescription: |\n  Line one\n  Line two: with colon\n");
    expect(parsed.ok && parsed.skill.name).toBe("a");
    expect(parsed.ok && parsed.skill.description).toBe("Line one\nLine two: with colon");
  });

  it("a description with a colon inside double quotes is read whole", () => {
    const parsed = parse('name: a\ndescription: "Use when: the user asks"');
    expect(parsed.ok && parsed.skill.description).toBe("Use when: the user asks");
  });

  it("front matter that is not valid YAML is read a line per field, as Claude Code does (issue 38.3)", () => {
    const parsed = parse("name: a\ndescription: [unclosed: and more");
    expect(parsed.ok && parsed.skill.description).toBe("[unclosed: and more");
    expect(parsed.ok && parsed.warnings).toEqual([]);
  });

  it("front matter that neither YAML nor a line per field reads is an error that says what to write", () => {
    const parsed = parse("  [unclosed");
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(
      /front matter is neither valid YAML \(.*line.*\) nor key: value lines: write one field per line/s,
    );
  });

  it("an alias bomb in the front matter is an error, not a crash", () => {
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 8; i++) {
      const prev = String.fromCharCode(97 + i);
      const next = String.fromCharCode(98 + i);
      bomb.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }
    const parsed = parse(`name: a\ndescription: d\n${bomb.join("\n")}`);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(/front matter is not valid YAML/);
  });

  it("a name that differs from its folder loads with a warning", () => {
    const parsed = parse("name: other\ndescription: d", "folder-name");
    expect(parsed.ok && parsed.skill.name).toBe("other");
    expect(parsed.ok && parsed.warnings).toEqual([
      expect.stringContaining('name "other" differs from its folder "folder-name"'),
    ]);
  });

  it("a description over 1024 characters is cut, with a warning", () => {
    const parsed = parse(`name: a\ndescription: ${"x".repeat(1_000_000)}`);
    expect(parsed.ok && parsed.skill.description.length).toBe(1024);
    expect(parsed.ok && parsed.warnings).toEqual([
      expect.stringContaining("description is 1000000 characters"),
    ]);
  });

  it("Claude-style allowed-tools map to Gong's tools through the hooks' name table", () => {
    const parsed = parse(
      "name: a\ndescription: d\nallowed-tools: Bash(python:*), Glob, Read, MultiEdit, grep",
    );
    expect(parsed.ok && parsed.skill.allowedTools).toEqual([
      "bash",
      "find",
      "read",
      "edit",
      "grep",
    ]);
  });

  it("front matter fields of the wrong type or unknown are dropped, one warning each with line:column", () => {
    const parsed = parseSkillMarkdown(
      "---\nname: a\ndescription: d\nmodel: [1, 2]\nallowed-tools: {bash: yes}\ndescripton: typo\n---\nbody",
      { baseDir: "/skills/a", fallbackName: "a" },
    );
    expect(parsed.ok && parsed.skill).toMatchObject({ name: "a", description: "d" });
    expect(parsed.ok && parsed.skill.model).toBeUndefined();
    expect(parsed.ok && parsed.skill.allowedTools).toBeUndefined();
    expect(parsed.ok && parsed.warnings).toEqual([
      '/skills/a/SKILL.md:4:8: "model" must be a string (found an array); the key was ignored',
      '/skills/a/SKILL.md:5:16: "allowed-tools" must be a string or an array of strings (found an object); the key was ignored',
      expect.stringMatching(
        /^\/skills\/a\/SKILL\.md:6:1: unknown key "descripton" \(known: name, description, /,
      ),
    ]);
  });

  it("Claude-style allowed-tools as a YAML list", () => {
    const parsed = parse('name: a\ndescription: d\nallowed-tools: ["Bash(git log:*)", "LS"]');
    expect(parsed.ok && parsed.skill.allowedTools).toEqual(["bash", "ls"]);
  });
});
