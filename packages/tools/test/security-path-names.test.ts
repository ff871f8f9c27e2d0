import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "./helpers.js";
import { engines } from "./search-engines.js";

let project: Project | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
});

// Issue 21.16: `write("ok.txt\0../../outside/victim.txt")` wrote outside/victim.txt
// inside the project and reported success — path.resolve read the NUL as part of a
// folder name and the `..` after it removed it.
describe("security — a NUL in a path is INVALID_PARAM, never dropped", () => {
  const evil = "ok.txt\u0000../../outside/victim.txt";
  const calls: [string, Record<string, unknown>][] = [
    ["write", { path: evil, content: "planted" }],
    ["read", { path: evil }],
    ["edit", { path: evil, oldText: "a", newText: "b" }],
    ["ls", { path: evil }],
    ["grep", { pattern: "a", path: evil }],
    ["grep", { pattern: "a", glob: "*.txt\u0000../x" }],
    ["find", { pattern: "*", path: evil }],
    ["find", { pattern: "ok.txt\u0000../../outside/*" }],
  ];
  for (const [tool, params] of calls) {
    it(`${tool}(${Object.keys(params).join(", ")}) with a NUL is INVALID_PARAM and touches nothing`, async () => {
      project = makeProject();
      mkdirSync(project.file("outside"));
      writeFileSync(project.file("ok.txt"), "a\n");
      const response = await project.call(tool, params);
      expect(response.error?.code).toBe("INVALID_PARAM");
      expect(response.text).toContain("NUL character");
      expect(readdirSync(project.file("outside"))).toEqual([]);
    });
  }
});

// Issue 21.18: find printed one name per line, so a file called "a\nb.txt" became two
// bogus entries, `a` and `b.txt`.
describe("find and ls — a name with a newline stays one entry", () => {
  for (const engine of engines) {
    it.skipIf(!engine.available.fd)(
      `find shows it quoted, data keeps it as it is (${engine.name})`,
      async () => {
        project = makeProject({ operations: { search: engine.search } });
        mkdirSync(project.file("src"));
        writeFileSync(project.file("src/a\nb.txt"), "x\n");
        writeFileSync(project.file("src/plain.txt"), "x\n");
        const response = await project.call("find", { pattern: "*.txt", path: "src" });
        expect(response.data.paths).toEqual(["src/a\nb.txt", "src/plain.txt"]);
        expect(response.text).toContain('"a\\nb.txt"\nplain.txt');
        expect(response.text.split("\n")).not.toContain("b.txt");
      },
    );
  }

  it("ls shows it quoted", async () => {
    project = makeProject();
    writeFileSync(project.file("a\nb.txt"), "x\n");
    const response = await project.call("ls", {});
    expect(response.text).toContain('"a\\nb.txt"');
    expect(response.text.split("\n")).not.toContain("b.txt");
    expect(existsSync(path.join(project.dir, "a\nb.txt"))).toBe(true);
  });
});
