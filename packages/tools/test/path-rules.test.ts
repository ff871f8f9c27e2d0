import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { type HiddenPaths, hiddenPathsMatcher, pathRuleCovers } from "../src/index.js";
import { makeProject, type Project } from "./helpers.js";
import { engines } from "./search-engines.js";

const scope = { cwd: "/p", home: "/home/u" };

describe("path rules — Claude Code's forms", () => {
  it("./x, x and /x are in the project, //x is absolute, ~/x is at home; ** crosses folders", () => {
    expect(pathRuleCovers("./.env", "/p/.env", scope)).toBe(true);
    expect(pathRuleCovers(".env", "/p/.env", scope)).toBe(true);
    expect(pathRuleCovers("/src/**", "/p/src/a/b.ts", scope)).toBe(true);
    expect(pathRuleCovers("//etc/**", "/etc/hosts", scope)).toBe(true);
    expect(pathRuleCovers("~/notes", "/home/u/notes/a.txt", scope)).toBe(true);
    expect(pathRuleCovers("**/secrets/**", "/p/a/secrets/k.pem", scope)).toBe(true);
    expect(pathRuleCovers("*.md", "/p/docs/a.md", scope)).toBe(false);
    expect(pathRuleCovers("./.env", "/p/.env.example", scope)).toBe(false);
  });
});

describe("path rules — Read(…) deny rules hide files from the file tools (issue 37 item 4)", () => {
  let project: Project;
  afterEach(() => project.cleanup());

  /** A project where `Read(./.env)` and `Read(**\/secrets/**)` hide files, one reached by a link. */
  function hiddenProject(search: { mode: "auto" | "node" } = { mode: "auto" }): Project {
    let matcher: HiddenPaths | undefined;
    const hidden: HiddenPaths = (absolute) => matcher?.(absolute);
    project = makeProject({ hidden, operations: { search } });
    matcher = hiddenPathsMatcher(
      [
        { rule: "Read(./.env)", glob: "./.env" },
        { rule: "Read(**/secrets/**)", glob: "**/secrets/**" },
      ],
      { cwd: project.dir, home: "/nowhere" },
    );
    writeFileSync(project.file(".env"), "TOKEN=hunter2\n");
    mkdirSync(project.file("lib/secrets"), { recursive: true });
    writeFileSync(project.file("lib/secrets/key.txt"), "hunter2 key\n");
    writeFileSync(project.file("open.txt"), "hunter2 is public here\n");
    symlinkSync(".env", project.file("env-link"));
    return project;
  }

  it("read refuses the file, a link to it and a file below a hidden folder, naming the rule", async () => {
    hiddenProject();
    for (const target of [".env", "env-link", "lib/secrets/key.txt"]) {
      const result = await project.call("read", { path: target });
      expect(result.status).toBe("error");
      expect(result.error?.code).toBe("ACCESS_DENIED");
      expect(result.text).toMatch(/is hidden by the permissions\.deny rule Read\(/);
      expect(result.text).not.toContain("hunter2");
    }
    const edit = await project.call("edit", { path: ".env", oldText: "TOKEN", newText: "X" });
    expect(edit.error?.code).toBe("ACCESS_DENIED");
  });

  for (const engine of engines) {
    it.skipIf(!engine.available.rg)(
      `grep (${engine.name}) skips hidden files and says how many`,
      async () => {
        hiddenProject(engine.search);
        const result = await project.call("grep", { pattern: "hunter2" });
        expect(result.text).toContain("open.txt");
        expect(result.text).not.toMatch(/TOKEN|key\.txt:/);
        expect(result.text).toMatch(
          /2 files hidden by the permissions\.deny rules .* were skipped/,
        );
        expect(result.data.hidden_files).toBe(2);
        expect(result.data.total_matches).toBe(1);
      },
    );

    it.skipIf(!engine.available.fd)(`find (${engine.name}) leaves hidden paths out`, async () => {
      hiddenProject(engine.search);
      const result = await project.call("find", { pattern: "*" });
      expect(result.data.paths).toContain("open.txt");
      expect(result.text).not.toMatch(/\.env|env-link|key\.txt/);
    });
  }

  it("ls leaves out the file and the link to it", async () => {
    hiddenProject();
    const result = await project.call("ls", {});
    expect(result.text).toContain("open.txt");
    expect(result.text).not.toMatch(/\.env|env-link/);
    const inside = await project.call("ls", { path: "lib/secrets" });
    expect(inside.text).not.toContain("key.txt");
  });
});
