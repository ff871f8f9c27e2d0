import path from "node:path";
import { resolveGongHome } from "@gong/base";
import { loadSettings } from "@gong/settings";
import { tempDir, writeFile } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";

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
        retry: { maxRetries: 5, baseDelayMs: 100 },
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
      projectTrusted: true,
    });
    expect(warnings).toEqual([]);
    expect(files).toHaveLength(2);
    expect(settings.defaultModel).toBe("b");
    expect(settings.preset).toBe("readonly");
    expect(settings.retry).toEqual({ maxRetries: 1, baseDelayMs: 100 });
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
      untrustedSettings: [],
      agentWritten: [],
      projectMcpServers: [],
      origins: {},
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
    expect(warnings[0]).toBe(
      `${file}:3:13: invalid JSON: expected a JSON value (string, number, object, array, true, false or null), found "m"; the file was ignored, fix it to apply it; until then every tool call asks (its permission rules cannot be read)`,
    );
    expect(settings.permissions?.unreadableFiles).toEqual([file]);
  });

  it("a truncated file reports its last line", () => {
    const { home, project } = setup();
    writeFile(path.join(home, "settings.json"), '{\n  "preset": "minimal",\n');
    const { warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(warnings[0]).toMatch(/settings\.json:2:\d+: invalid JSON/);
  });

  it("a non-object file and a key of the wrong type are skipped with a warning", () => {
    const { home, project } = setup();
    writeFile(path.join(home, "settings.json"), "[1,2]");
    writeFile(
      path.join(project, ".gong/settings.json"),
      JSON.stringify({ autoCompaction: "yes", defaultModel: "m" }),
    );
    const { settings, warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(settings).toEqual({
      defaultModel: "m",
      permissions: { unreadableFiles: [path.join(home, "settings.json")] },
    });
    expect(warnings[0]).toMatch(
      /settings\.json:1:1: the file must be an object \(found an array\); the file was ignored; until then every tool call asks/,
    );
    expect(warnings[1]).toMatch(
      /settings\.json:1:19: "autoCompaction" must be true or false \(found "yes"\); the key was ignored/,
    );
  });

  it("deny rules that cannot be read as a whole fail closed; a key beside them does not", () => {
    const { home, project } = setup();
    const file = writeFile(
      path.join(project, ".gong/settings.json"),
      JSON.stringify({ permissions: { deny: "Bash(rm:*)" }, autoCompaction: "yes" }),
    );
    const { settings, warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(settings.permissions).toEqual({ unreadableFiles: [file] });
    expect(warnings[0]).toMatch(
      /"permissions\.deny" must be .*; the key was ignored; until then every tool call asks/,
    );
    expect(warnings[1]).not.toMatch(/every tool call asks/);
    writeFile(file, JSON.stringify({ permissions: { deny: [42, "Read(.env)"] } }));
    expect(loadSettings({ cwd: project, gongHome: home }).settings.permissions).toEqual({
      deny: ["Read(.env)"],
    });
  });

  it("comments and trailing commas are allowed (jsonc)", () => {
    const { home, project } = setup();
    writeFile(path.join(home, "settings.json"), '{\n  // mine\n  "defaultModel": "m",\n}');
    const { settings, warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(warnings).toEqual([]);
    expect(settings).toEqual({ defaultModel: "m" });
  });

  it("an unknown key is dropped with a warning at its key; the rest applies", () => {
    const { home, project } = setup();
    const file = writeFile(
      path.join(home, "settings.json"),
      '{\n  "defaultModle": "m",\n  "preset": "minimal"\n}',
    );
    const { settings, warnings } = loadSettings({ cwd: project, gongHome: home });
    expect(settings).toEqual({ preset: "minimal" });
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}:2:3: unknown key "defaultModle" \\(known: \\$schema, defaultProvider, defaultModel, `,
        ),
      ),
    ]);
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
});
