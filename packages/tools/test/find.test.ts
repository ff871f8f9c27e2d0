import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "./helpers.js";
import { engines } from "./search-engines.js";

for (const engine of engines) {
  describe.skipIf(!engine.available.fd)(`J.6 find [${engine.name}]`, () => {
    let project: Project;
    beforeEach(() => {
      project = makeProject({ operations: { search: engine.search } });
    });
    afterEach(() => project.cleanup());
    const write = (name: string, content = "") => writeFileSync(project.file(name), content);
    const fallback = engine.search.mode === "node";

    it("1.1 hidden files included", async () => {
      mkdirSync(project.file(".secret"));
      write(".secret/hidden.txt");
      write("visible.txt");
      const response = await project.call("find", { pattern: "*.txt" });
      expect(response.data.paths).toEqual([".secret/hidden.txt", "visible.txt"]);
      expect(response.text).toContain(".secret/hidden.txt");
      if (fallback) {
        expect(response.status).toBe("partial");
        expect(response.data.fallback).toBe("node");
        expect(response.text).toContain("fd not available");
      } else {
        expect(response.status).toBe("success");
      }
    });

    it("1.1b .git is left out: the project's, a nested repository's folder, a worktree's file", async () => {
      mkdirSync(project.file(".git/objects"), { recursive: true });
      write(".git/HEAD", "ref: refs/heads/main\n");
      mkdirSync(project.file("vendor/lib/.git"), { recursive: true });
      write("vendor/lib/.git/config");
      write("vendor/lib/code.txt");
      mkdirSync(project.file("wt"));
      write("wt/.git", "gitdir: ../.git/worktrees/wt\n");
      write("wt/note.txt");
      const response = await project.call("find", { pattern: "*" });
      expect(response.data.paths).toEqual([
        "vendor/",
        "vendor/lib/",
        "vendor/lib/code.txt",
        "wt/",
        "wt/note.txt",
      ]);
      const nested = await project.call("find", { pattern: "*", path: "vendor" });
      expect(nested.data.paths).toEqual(["vendor/lib/", "vendor/lib/code.txt"]);
    });

    it.skipIf(fallback)(
      "1.1c an invalid glob is the model's error, with fd's own reason",
      async () => {
        write("a.txt");
        const response = await project.call("find", { pattern: "a{b" });
        expect(response.status).toBe("error");
        expect(response.text).toContain('Invalid glob pattern "a{b"');
        expect(response.text).toContain("unclosed alternate group");
      },
    );

    it("1.2 nested glob", async () => {
      mkdirSync(project.file("lib/deep/er"), { recursive: true });
      write("top.ex");
      write("lib/a.ex");
      write("lib/deep/er/b.ex");
      write("lib/deep/c.js");
      const response = await project.call("find", { pattern: "**/*.ex" });
      expect(response.data.paths).toEqual(["lib/a.ex", "lib/deep/er/b.ex", "top.ex"]);
      const scoped = await project.call("find", { pattern: "lib/*.ex" });
      expect(scoped.data.paths).toEqual(["lib/a.ex"]);
    });

    it("1.3 empty result", async () => {
      write("a.txt");
      const response = await project.call("find", { pattern: "*.xyz" });
      expect(response.data.paths).toEqual([]);
      expect(response.text).toContain("No files found");
    });

    it("1.4 folders end with / and paths are relative to the search folder", async () => {
      mkdirSync(project.file("src/components"), { recursive: true });
      write("src/components/button.tsx");
      const response = await project.call("find", { pattern: "*o*", path: "src" });
      expect(response.text).toContain("components/");
      expect(response.text).toContain("components/button.tsx");
      expect(response.text).not.toContain("src/components/button.tsx");
      expect(response.data.paths).toEqual(["src/components/", "src/components/button.tsx"]);
    });

    it("2.1 .gitignore respected (nested too, no git repository needed)", async () => {
      write(".gitignore", "ignored.txt\n");
      mkdirSync(project.file("sub"));
      write("sub/.gitignore", "local.txt\n");
      write("ignored.txt");
      write("sub/local.txt");
      write("sub/kept.txt");
      write("kept.txt");
      const response = await project.call("find", { pattern: "*.txt" });
      expect(response.data.paths).toEqual(["kept.txt", "sub/kept.txt"]);
    });

    it("2.1b a nested .gitignore holds in its own folder only (`*` in .tool-output hides nothing else)", async () => {
      mkdirSync(project.file("out"));
      write("out/.gitignore", "*\n");
      write("out/log.txt");
      mkdirSync(project.file("docs"));
      write("docs/.gitignore", "/draft.txt\ntmp/\n");
      write("docs/draft.txt");
      write("docs/guide.txt");
      write("draft.txt");
      mkdirSync(project.file("tmp"));
      write("tmp/kept.txt");
      const response = await project.call("find", { pattern: "*.txt" });
      expect(response.data.paths).toEqual(["docs/guide.txt", "draft.txt", "tmp/kept.txt"]);
    });

    // fd 8.6 outside a repository reads no .gitignore: the ones above the search folder
    // were left out, and `find` in `sub` listed what the project's .gitignore hides
    // (grep, through rg, did not).
    it("2.1c the .gitignore files above the search folder hold in it (no git repository needed)", async () => {
      write(
        ".gitignore",
        [
          "ignored.txt",
          "/sub/anchored.txt",
          "/root-only.txt",
          "other/x.txt",
          "**/star.txt",
          "sub/deep/**",
          "*.log",
          "!keep.log",
          "",
        ].join("\n"),
      );
      mkdirSync(project.file("sub/deep"), { recursive: true });
      mkdirSync(project.file("sub/other"));
      write("sub/.gitignore", "local.txt\n");
      for (const name of ["ignored", "anchored", "root-only", "star", "local", "kept"])
        write(`sub/${name}.txt`);
      write("sub/other/x.txt");
      write("sub/deep/gone.txt");
      write("sub/a.log");
      write("sub/keep.log");
      const response = await project.call("find", { pattern: "*.*", path: "sub" });
      expect(response.data.paths).toEqual([
        "sub/.gitignore",
        "sub/keep.log",
        "sub/kept.txt",
        "sub/other/x.txt",
        "sub/root-only.txt",
      ]);
    });

    it("2.2 result limit", async () => {
      for (let i = 0; i < 12; i++) write(`f${i}.txt`);
      const response = await project.call("find", { pattern: "*", limit: 5 });
      expect(response.data.paths).toHaveLength(5);
      expect(response.status).toBe("partial");
      expect(response.text).toContain("5 results limit reached. Use limit=10 for more");
    });

    it("2.3 symlinked folders are listed, not followed (like fd)", async () => {
      mkdirSync(project.file("real"));
      write("real/inside.txt");
      symlinkSync(project.file("real"), project.file("alias"));
      const response = await project.call("find", { pattern: "*.txt" });
      expect(response.data.paths).toEqual(["real/inside.txt"]);
    });

    it("3.1 invalid parameter types", async () => {
      for (const params of [{ pattern: [] }, { pattern: null }, { pattern: "*", limit: "5" }]) {
        const response = await project.call("find", params);
        expect(response.error?.code).toBe("INVALID_PARAM");
      }
    });
  });
}
