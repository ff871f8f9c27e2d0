import path from "node:path";
import { tempDir, writeFile } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import {
  fillPlaceholders,
  loadPromptCommands,
  parsePromptCommand,
  splitArguments,
} from "../src/index.js";

const source = { name: "x", file: "/p/.gong/commands/x.md", scope: "project" as const };

describe("prompt commands — arguments", () => {
  it("words split like a shell's: quotes keep spaces, an unclosed quote runs to the end", () => {
    expect(splitArguments(`a "b c"  'd e' f`)).toEqual(["a", "b c", "d e", "f"]);
    expect(splitArguments(`a "b c`)).toEqual(["a", "b c"]);
    expect(splitArguments("   ")).toEqual([]);
  });

  it("$ARGUMENTS is the whole text, $1…$9 the words; a missing word is empty; the text is not read again", () => {
    expect(fillPlaceholders("[$1] [$2] [$3] {$ARGUMENTS}", 'a "b $1"')).toBe(
      '[a] [b $1] [] {a "b $1"}',
    );
  });
});

describe("prompt commands — parsing", () => {
  it("without front matter the first line (headings unmarked) is the description", () => {
    const parsed = parsePromptCommand("\n# Review the code\nThen more.\n", source);
    expect(parsed).toMatchObject({
      ok: true,
      command: { name: "x", description: "Review the code", body: "# Review the code\nThen more." },
      warnings: [],
    });
  });

  it("Claude Code's allowed-tools names map to gong's; an unknown field is a warning with line:column", () => {
    const parsed = parsePromptCommand(
      "---\nallowed-tools: Bash(git add:*), Read\nmodel: m\nargument-hint: <a>\nlabel: no\n---\nBody\n",
      source,
    );
    expect(parsed.ok && parsed.command).toMatchObject({
      allowedTools: ["bash", "read"],
      model: "m",
      argumentHint: "<a>",
      description: "Body",
    });
    expect(parsed.ok && parsed.warnings).toEqual([
      expect.stringMatching(/^\/p\/\.gong\/commands\/x\.md:5:1: unknown key "label"/),
    ]);
  });

  it("front matter that is no key: value line at all makes the file unusable", () => {
    const parsed = parsePromptCommand("---\n  [a\n---\nBody\n", source);
    expect(parsed.ok).toBe(false);
  });

  it("front matter that is not YAML is read a line per field, as Claude Code does (issue 38.3)", () => {
    const parsed = parsePromptCommand(
      "---\ndescription: Set up auth: pick one\nargument-hint: [auth-method] | --oauth\nallowed-tools: Bash(gh auth:*), Read\n---\nBody\n",
      source,
    );
    expect(parsed.ok && parsed.command).toMatchObject({
      description: "Set up auth: pick one",
      argumentHint: "[auth-method] | --oauth",
      allowedTools: ["bash", "read"],
    });
    expect(parsed.ok && parsed.warnings).toEqual([]);
  });

  it("allowed-tools left empty or * in front matter read line by line limits nothing (issue 38.3)", () => {
    for (const value of ["", "*"]) {
      const parsed = parsePromptCommand(
        `---\ndescription: Any: tools\nallowed-tools: ${value}\n---\nBody\n`,
        source,
      );
      expect(parsed.ok && parsed.command.allowedTools).toBeUndefined();
      expect(parsed.ok && parsed.unknownTools).toEqual([]);
    }
  });

  it("a list where a string is expected is text: as written on one line, else joined (issue 38.3)", () => {
    const flow = parsePromptCommand("---\nargument-hint: [pr-number]\n---\nBody\n", source);
    expect(flow.ok && flow.command.argumentHint).toBe("[pr-number]");
    const block = parsePromptCommand(
      "---\ndescription:\n  - Reviews a PR\n  - then comments\n---\nBody\n",
      source,
    );
    expect(block.ok && block.command.description).toBe("Reviews a PR, then comments");
    expect(block.ok && block.warnings).toEqual([]);
  });
});

describe("prompt commands — loading", () => {
  it("folders deeper than a:b:name are not walked; a name with a space is one warning", () => {
    const dir = tempDir();
    writeFile(path.join(dir, "a", "b", "name.md"), "deep enough");
    writeFile(path.join(dir, "a", "b", "c", "too-deep.md"), "too deep");
    writeFile(path.join(dir, "two words.md"), "spaced");
    writeFile(path.join(dir, "notes.txt"), "not markdown");
    const warnings: string[] = [];
    const loaded = loadPromptCommands([{ dir, scope: "user" }], (m) => warnings.push(m));
    expect(loaded.map((command) => command.name)).toEqual(["a:b:name"]);
    expect(warnings).toEqual([
      expect.stringContaining("two words.md: a command name cannot contain spaces"),
    ]);
  });

  it("the same folder as the user's and the project's (gong run in the home folder) is no clash", () => {
    const dir = tempDir();
    writeFile(path.join(dir, "x.md"), "X");
    const warnings: string[] = [];
    const folders = [
      { dir, scope: "user" as const },
      { dir, scope: "project" as const },
    ];
    expect(loadPromptCommands(folders, (m) => warnings.push(m))).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it("a missing folder is no warning", () => {
    const warnings: string[] = [];
    const dir = path.join(tempDir(), "none");
    expect(loadPromptCommands([{ dir, scope: "user" }], (m) => warnings.push(m))).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
