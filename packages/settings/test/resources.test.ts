import path from "node:path";
import { ancestorsFromRoot } from "@gong/config-files";
import { discoverResources } from "@gong/settings";
import { tempDir, writeFile } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";

describe("resources — context files, SYSTEM.md, skills and hooks", () => {
  it("AGENTS.md from GONG_HOME then from the root down to the cwd; AGENTS.md wins over CLAUDE.md", () => {
    const root = tempDir();
    const home = path.join(root, "gonghome");
    const cwd = path.join(root, "repo", "pkg");
    writeFile(path.join(home, "AGENTS.md"), "global rules");
    writeFile(path.join(root, "repo", "CLAUDE.md"), "repo claude");
    writeFile(path.join(cwd, "AGENTS.md"), "pkg agents");
    writeFile(path.join(cwd, "CLAUDE.md"), "pkg claude (shadowed)");
    const { contextFiles } = discoverResources({ cwd, gongHome: home });
    expect(contextFiles.map((f) => f.content)).toEqual([
      "global rules",
      "repo claude",
      "pkg agents",
    ]);
    expect(contextFiles[2]?.path).toBe(path.join(cwd, "AGENTS.md"));
  });

  it("project SYSTEM.md / APPEND_SYSTEM.md win over the global ones", () => {
    const root = tempDir();
    const home = path.join(root, "gonghome");
    const cwd = path.join(root, "repo");
    writeFile(path.join(home, "SYSTEM.md"), "global system");
    writeFile(path.join(home, "APPEND_SYSTEM.md"), "global append");
    writeFile(path.join(cwd, ".gong", "SYSTEM.md"), "project system");
    const resources = discoverResources({ cwd, gongHome: home });
    expect(resources.systemPrompt?.content).toBe("project system");
    expect(resources.appendSystemPrompt?.content).toBe("global append");
  });

  it("skills folders and hook modules are found only when they exist", () => {
    const root = tempDir();
    const home = path.join(root, "gonghome");
    const cwd = path.join(root, "repo");
    writeFile(path.join(home, "skills", "a", "SKILL.md"), "---\nname: a\n---\n");
    writeFile(path.join(cwd, ".gong", "hooks", "b.mjs"), "export default {}");
    writeFile(path.join(cwd, ".gong", "hooks", "notes.txt"), "not a hook");
    const resources = discoverResources({ cwd, gongHome: home });
    expect(resources.skillDirs).toEqual([path.join(home, "skills")]);
    expect(resources.hookFiles).toEqual([]);
    expect(resources.projectHookFiles).toEqual([path.join(cwd, ".gong", "hooks", "b.mjs")]);
  });

  it("ancestorsFromRoot lists the chain root first", () => {
    expect(ancestorsFromRoot("/a/b")).toEqual(["/", "/a", "/a/b"]);
  });
});
