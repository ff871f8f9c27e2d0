import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isTrustedFolder, trustFolder } from "@gong/config-files";
import { loadSettings } from "@gong/settings";
import { tempDir, writeFile } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";

/** A gong home and a project folder (with a subfolder), both real. */
function setup(userSettings?: string) {
  const root = realpathSync(tempDir());
  const home = path.join(root, "gong-home");
  const project = path.join(root, "project");
  mkdirSync(path.join(project, "sub"), { recursive: true });
  mkdirSync(home, { recursive: true });
  if (userSettings !== undefined) writeFileSync(path.join(home, "settings.json"), userSettings);
  return { root, home, project };
}

const trusting = (...folders: string[]) => JSON.stringify({ trustedFolders: folders });

describe("security — trusted folders: the rule", () => {
  it("a listed folder and the folders below it are trusted; its siblings are not", () => {
    const { root, home, project } = setup();
    writeFileSync(path.join(home, "settings.json"), trusting(project));
    mkdirSync(`${project}-other`);
    expect(isTrustedFolder(project, home)).toBe(true);
    expect(isTrustedFolder(path.join(project, "sub"), home)).toBe(true);
    expect(isTrustedFolder(`${project}-other`, home)).toBe(false);
    expect(isTrustedFolder(root, home)).toBe(false);
  });

  it("real paths are compared: a symlink into a trusted folder is trusted, out of it is not", () => {
    const { root, home, project } = setup();
    const outside = path.join(root, "outside");
    mkdirSync(outside);
    symlinkSync(project, path.join(root, "link-in"));
    symlinkSync(outside, path.join(project, "link-out"));
    writeFileSync(path.join(home, "settings.json"), trusting(path.join(root, "link-in")));
    expect(isTrustedFolder(project, home)).toBe(true);
    expect(isTrustedFolder(path.join(project, "link-out"), home)).toBe(false);
  });

  it("fails closed: no, unreadable, invalid or mistyped user settings, relative entries, missing folders", () => {
    const { project } = setup();
    const cases = [
      undefined,
      `{ "trustedFolders": ["${project}"], oops }`,
      "[1]",
      JSON.stringify({ trustedFolders: project }),
      trusting("project"),
      trusting(path.join(project, "gone")),
    ];
    for (const content of cases) {
      const { home } = setup(content);
      expect(isTrustedFolder(project, home), String(content)).toBe(false);
    }
    const { home } = setup(trusting(project));
    expect(isTrustedFolder(path.join(project, "missing"), home)).toBe(false);
  });

  it("a project cannot trust itself through its own settings", () => {
    const { home, project } = setup();
    writeFile(
      path.join(project, ".gong", "settings.json"),
      JSON.stringify({ trustedFolders: ["/"], shellPath: "/bin/evil", allowedPaths: ["/"] }),
    );
    const loaded = loadSettings({ cwd: project, gongHome: home });
    expect(loaded.projectTrusted).toBe(false);
    expect(loaded.untrustedKeys).toEqual(["shellPath", "allowedPaths"]);
    expect(loaded.settings.shellPath).toBeUndefined();
    expect(loaded.settings.allowedPaths).toBeUndefined();
  });

  it("the user's own settings always load, and an explicit trust override loads the project's", () => {
    const { home, project } = setup(JSON.stringify({ shellPath: "/bin/bash" }));
    writeFile(
      path.join(project, ".gong", "settings.json"),
      JSON.stringify({ shellCommandPrefix: "set -e" }),
    );
    expect(loadSettings({ cwd: project, gongHome: home }).settings).toEqual({
      shellPath: "/bin/bash",
    });
    const trusted = loadSettings({ cwd: project, gongHome: home, projectTrusted: true });
    expect(trusted.settings).toEqual({ shellPath: "/bin/bash", shellCommandPrefix: "set -e" });
    expect(trusted.untrustedKeys).toEqual([]);
  });
});

describe("security — trusted folders: recording trust", () => {
  it("adds the real path once and keeps the other keys", async () => {
    const { root, home, project } = setup(JSON.stringify({ defaultModel: "m" }));
    symlinkSync(project, path.join(root, "alias"));
    expect(await trustFolder(path.join(root, "alias"), home)).toMatchObject({
      ok: true,
      folder: project,
    });
    expect((await trustFolder(project, home)).ok).toBe(true);
    const saved = JSON.parse(readFileSync(path.join(home, "settings.json"), "utf8"));
    expect(saved).toEqual({ defaultModel: "m", trustedFolders: [project] });
    expect(isTrustedFolder(project, home)).toBe(true);
  });

  it("keeps the comments of a settings file it adds the folder to", async () => {
    const { home, project } = setup('{\n  // my model\n  "defaultModel": "m",\n}\n');
    expect((await trustFolder(project, home)).ok).toBe(true);
    const saved = readFileSync(path.join(home, "settings.json"), "utf8");
    expect(saved).toContain("// my model");
    expect(isTrustedFolder(project, home)).toBe(true);
    expect(loadSettings({ cwd: project, gongHome: home }).warnings).toEqual([]);
  });

  it("creates the gong home and the file when they do not exist yet", async () => {
    const { root, project } = setup();
    const home = path.join(root, "new-home");
    expect((await trustFolder(project, home)).ok).toBe(true);
    expect(isTrustedFolder(project, home)).toBe(true);
  });

  it("refuses to rewrite an invalid settings file (it would lose the user's settings)", async () => {
    const broken = '{ "defaultModel": "m", oops }';
    const { home, project } = setup(broken);
    const result = await trustFolder(project, home);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining("invalid JSON") });
    expect(readFileSync(path.join(home, "settings.json"), "utf8")).toBe(broken);
  });
});
