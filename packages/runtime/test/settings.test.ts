import path from "node:path";
import { expandHome as toolsExpandHome } from "@gong/tools";
import { describe, expect, it } from "vitest";
import { expandHome, lineAndColumn, loadSettings, resolveGongHome } from "../src/index.js";
import { tempDir, writeFile } from "./helpers.js";

function setup() {
  const root = tempDir();
  const home = path.join(root, "home", ".gong");
  const project = path.join(root, "project");
  return { root, home, project };
}

describe("settings — precedence global < project < flags", () => {
  it("project values override global ones and flags override both", () => {
    const { home, project } = setup();
    writeFile(
      path.join(home, "settings.json"),
      JSON.stringify({
        defaultModel: "a",
        preset: "minimal",
        retry: { maxRetries: 5, baseDelayMs: 10 },
      }),
    );
    writeFile(
      path.join(project, ".gong/settings.json"),
      JSON.stringify({ defaultModel: "b", retry: { maxRetries: 1 } }),
    );
    const { settings, files, warnings } = loadSettings({
      cwd: project,
      gongHome: home,
      overrides: { preset: "readonly" },
    });
    expect(warnings).toEqual([]);
    expect(files).toHaveLength(2);
    expect(settings.defaultModel).toBe("b");
    expect(settings.preset).toBe("readonly");
    expect(settings.retry).toEqual({ maxRetries: 1, baseDelayMs: 10 });
  });

  it("hooks and allowedPaths add up across files; relative paths resolve against their project", () => {
    const { home, project } = setup();
    const hook = (command: string) => ({ matcher: "Bash", hooks: [{ type: "command", command }] });
    writeFile(
      path.join(home, "settings.json"),
      JSON.stringify({
        hooks: { PreToolUse: [hook("one")] },
        allowedPaths: ["/opt/a"],
        // Project hooks and allowedPaths load only in a folder the user trusts.
        trustedFolders: [project],
      }),
    );
    writeFile(
      path.join(project, ".gong/settings.json"),
      JSON.stringify({ hooks: { PreToolUse: [hook("two")] }, allowedPaths: ["../shared"] }),
    );
    const { settings } = loadSettings({ cwd: project, gongHome: home });
    expect(settings.hooks?.PreToolUse?.map((m) => m.hooks[0]?.command)).toEqual(["one", "two"]);
    expect(settings.allowedPaths).toEqual(["/opt/a", path.resolve(project, "../shared")]);
  });

  it("no files at all gives empty settings and no warnings", () => {
    const { home, project } = setup();
    expect(loadSettings({ cwd: project, gongHome: home })).toEqual({
      settings: {},
      files: [],
      warnings: [],
      projectTrusted: false,
      untrustedKeys: [],
    });
  });
});

describe("settings — invalid files are reported with file and line, then skipped", () => {
  it("invalid JSON names the file, line and column", () => {
    const { home, project } = setup();
    const file = writeFile(
      path.join(project, ".gong/settings.json"),
      '{\n  "defaultModel": "x",\n  "preset": minimal\n}\n',
    );
    writeFile(path.join(home, "settings.json"), JSON.stringify({ defaultModel: "global" }));
    const { settings, warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(settings.defaultModel).toBe("global");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
    expect(warnings[0]).toMatch(/line 3, column 13/);
  });

  it("a truncated file reports its last line", () => {
    const { home, project } = setup();
    writeFile(path.join(home, "settings.json"), '{\n  "preset": "minimal",\n');
    const { warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(warnings[0]).toMatch(/line 2/);
  });

  it("a non-object file and a key of the wrong type are skipped with a warning", () => {
    const { home, project } = setup();
    writeFile(path.join(home, "settings.json"), "[1,2]");
    writeFile(
      path.join(project, ".gong/settings.json"),
      JSON.stringify({ autoCompaction: "yes", defaultModel: "m" }),
    );
    const { settings, warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(settings).toEqual({ defaultModel: "m" });
    expect(warnings[0]).toMatch(/must hold a JSON object/);
    expect(warnings[1]).toMatch(/"autoCompaction" must be a boolean/);
  });

  it("lineAndColumn turns an offset into a 1-based line and column", () => {
    expect(lineAndColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab\n\n", 9)).toEqual({ line: 1, column: 3 });
  });

  it("a trailing comma is located precisely", () => {
    const { home, project } = setup();
    writeFile(path.join(home, "settings.json"), '{\n  "a": 1,\n}');
    const { warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(warnings[0]).toMatch(/line 3, column 1: expected a double-quoted string, found "}"/);
  });
});

describe("settings — GONG_HOME", () => {
  it("GONG_HOME moves ~/.gong; otherwise it is $HOME/.gong", () => {
    expect(resolveGongHome({ GONG_HOME: "/tmp/x" })).toBe("/tmp/x");
    expect(resolveGongHome({ HOME: "/home/u" })).toBe("/home/u/.gong");
    expect(resolveGongHome({ HOME: "/home/u", GONG_HOME: "~/g" })).toBe("/home/u/g");
  });
});

describe("security — ~ expansion is one helper (settings)", () => {
  it("allowedPaths expand ~ with $HOME; an unknown ~user is dropped with a warning", () => {
    const { home, project } = setup();
    writeFile(
      path.join(home, "settings.json"),
      JSON.stringify({ allowedPaths: ["~/shared", "~no-such-user-4711/x"] }),
    );
    const { settings, warnings } = loadSettings({
      cwd: project,
      gongHome: home,
      env: { HOME: "/home/u" },
    });
    expect(settings.allowedPaths).toEqual(["/home/u/shared"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('no user "no-such-user-4711"');
    expect(warnings[0]).toContain("allowedPaths");
  });

  it("GONG_HOME with an unknown ~user is an error, not a folder under $HOME", () => {
    expect(() => resolveGongHome({ HOME: "/home/u", GONG_HOME: "~no-such-user-4711/g" })).toThrow(
      /GONG_HOME: Cannot expand ~no-such-user-4711/,
    );
  });

  it("runtime's expandHome is the tools' helper", () => {
    expect(expandHome).toBe(toolsExpandHome);
  });
});
