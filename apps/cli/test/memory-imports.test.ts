/**
 * Memory files as Claude Code reads them (issue 38 item 6): `@path` imports in AGENTS.md /
 * CLAUDE.md — relative to the importing file, `~` allowed, not inside code spans or
 * fenced blocks, at most 5 levels deep, cycles stopped, through the allowed roots (a
 * file outside them is not read, with a warning).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

function systemText(index: number): string {
  const request = mock.requests[index];
  if (!request) throw new Error(`no request #${index} (got ${mock.requests.length})`);
  const { system } = request.body as { system?: string | { text: string }[] };
  return typeof system === "string" ? system : (system ?? []).map((s) => s.text).join("\n");
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const warningsOf = (stdout: string) =>
  jsonLines(stdout)
    .filter((line) => line.type === "warning")
    .map((line) => String(line.message));

describe("memory imports — @path in CLAUDE.md and AGENTS.md", () => {
  it("imports relative files and follows them; code spans, fences, mentions and cycles are not imports", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    write(
      path.join(box.cwd, "CLAUDE.md"),
      [
        "# Project memory",
        "",
        "- Style: see @docs/style.md.",
        "- Ask @alice about releases; mail ops@example.com.",
        "- Inline example: `@docs/in-span.md` is not an import.",
        "",
        "```md",
        "@docs/in-fence.md",
        "```",
        "",
      ].join("\n"),
    );
    write(path.join(box.cwd, "docs", "style.md"), "STYLE-RULES\n@../CLAUDE.md\n@git/flow.md\n");
    write(path.join(box.cwd, "docs", "git", "flow.md"), "GIT-FLOW-RULES\n");
    write(path.join(box.cwd, "docs", "in-span.md"), "IN-SPAN\n");
    write(path.join(box.cwd, "docs", "in-fence.md"), "IN-FENCE\n");
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--mode", "json", "hi"], box);
    expect(run.code).toBe(0);
    const system = systemText(0);
    expect(system).toContain(
      `<file path="${path.join(box.cwd, "docs", "style.md")}">\nSTYLE-RULES`,
    );
    expect(system).toContain("GIT-FLOW-RULES");
    expect(system).not.toContain("IN-SPAN");
    expect(system).not.toContain("IN-FENCE");
    // The cycle back to CLAUDE.md does not add it twice.
    expect(system.split("# Project memory").length).toBe(2);
    expect(warningsOf(run.stdout)).toEqual([]);
  });

  it("at most 5 levels deep, with a warning for the sixth", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    write(path.join(box.cwd, "AGENTS.md"), "Start @chain/level1.md\n");
    for (let level = 1; level <= 6; level++) {
      write(
        path.join(box.cwd, "chain", `level${level}.md`),
        `LEVEL-${level}-TEXT\n@level${level + 1}.md\n`,
      );
    }
    mock.enqueue(textResponse("ok"));
    const run = await runGong(["--mode", "json", "hi"], box);
    expect(run.code).toBe(0);
    const system = systemText(0);
    for (let level = 1; level <= 5; level++) expect(system).toContain(`LEVEL-${level}-TEXT`);
    expect(system).not.toContain("LEVEL-6-TEXT");
    expect(warningsOf(run.stdout)).toEqual([
      `${path.join(box.cwd, "chain", "level5.md")}: import @level6.md was not read: imports nest at most 5 levels deep`,
    ]);
  });

  it("~ is expanded; a file outside the project and allowed paths is not read, with a warning; --allow-path opens it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    write(path.join(box.cwd, "CLAUDE.md"), "Personal: @~/.claude/my-notes.md\n");
    const notes = path.join(box.home, ".claude", "my-notes.md");
    write(notes, "PERSONAL-NOTES\n");
    mock.enqueue([textResponse("ok"), textResponse("ok")]);
    const refused = await runGong(["--mode", "json", "hi"], box);
    expect(refused.code).toBe(0);
    expect(systemText(0)).not.toContain("PERSONAL-NOTES");
    expect(warningsOf(refused.stdout)).toEqual([
      `${path.join(box.cwd, "CLAUDE.md")}: import @~/.claude/my-notes.md was not read: ${notes} is outside the project and the allowed paths (add it with --allow-path or settings allowedPaths to import it)`,
    ]);

    const allowed = await runGong(
      ["--allow-path", path.dirname(notes), "--mode", "json", "hi"],
      box,
    );
    expect(allowed.code).toBe(0);
    expect(systemText(1)).toContain("PERSONAL-NOTES");
  });
});

describe("memory — subfolder CLAUDE.md / AGENTS.md join the context at the first read under them", () => {
  it("subfolder: appended once to the first read's result, not at the second, nor after resume", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    write(path.join(box.cwd, "AGENTS.md"), "ROOT-RULES\n");
    write(path.join(box.cwd, "packages", "api", "CLAUDE.md"), "API-RULES: use zod for input\n");
    write(path.join(box.cwd, "packages", "api", "src", "a.ts"), "export const a = 1;\n");
    write(path.join(box.cwd, "packages", "api", "src", "b.ts"), "export const b = 2;\n");
    write(path.join(box.cwd, "docs", "readme.md"), "docs\n");
    const read = (file: string) => toolCallResponse([{ name: "read", arguments: { path: file } }]);
    mock.enqueue([
      read("docs/readme.md"),
      read("packages/api/src/a.ts"),
      read("packages/api/src/b.ts"),
      textResponse("done"),
    ]);
    const run = await runGong(["--mode", "json", "look"], box);
    expect(run.code).toBe(0);
    const count = (index: number) =>
      JSON.stringify(mock.requests[index]?.body).split("API-RULES").length - 1;
    expect(systemText(0)).not.toContain("API-RULES");
    expect(count(1)).toBe(0);
    expect(count(2)).toBe(1);
    expect(count(3)).toBe(1);
    const apiFile = path.join(box.cwd, "packages", "api", "CLAUDE.md");
    // Shown in the transcript: the read's result as the json stream carries it.
    expect(run.stdout).toContain(`<context-file path=\\"${apiFile}\\">`);

    mock.enqueue([read("packages/api/src/a.ts"), textResponse("again")]);
    const resumed = await runGong(["-c", "--mode", "json", "look again"], box);
    expect(resumed.code).toBe(0);
    expect(count(5)).toBe(1);
  });
});
