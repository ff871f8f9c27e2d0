import { mkdirSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "./helpers.js";

let project: Project;
beforeEach(() => {
  project = makeProject();
});
afterEach(() => project.cleanup());

describe("output_level (seed 004): brief keeps key facts, data is unchanged", () => {
  it("bash brief shows the last 20 lines; standard shows all", async () => {
    const brief = await project.call("bash", { command: "seq 1 100", output_level: "brief" });
    expect(brief.text).toContain("… 80 earlier lines");
    expect(brief.text).toContain("\n81\n");
    expect(brief.text).not.toContain("\n50\n");
    expect(brief.data.stdout).toContain("\n50\n");
    const standard = await project.call("bash", { command: "seq 1 100" });
    expect(standard.text).toContain("\n50\n");
  });

  it("grep brief lists match counts per file", async () => {
    writeFileSync(project.file("a.txt"), "hit\nhit\n");
    writeFileSync(project.file("b.txt"), "hit\n");
    const response = await project.call("grep", { pattern: "hit", output_level: "brief" });
    expect(response.text).toContain("a.txt: 2");
    expect(response.text).toContain("b.txt: 1");
    expect(response.text).not.toContain("a.txt:1:");
    expect(response.data.matches).toHaveLength(3);
  });

  it("edit brief leaves the diff out of text but in data", async () => {
    writeFileSync(project.file("a.txt"), "one\n");
    const response = await project.call("edit", {
      path: "a.txt",
      oldText: "one",
      newText: "two",
      output_level: "brief",
    });
    expect(response.text).toBe("Successfully replaced text in a.txt.");
    expect(response.data.diff).toContain("+two");
  });

  it("find and ls brief list the first 20 and count the rest; the context default applies", async () => {
    mkdirSync(project.file("d"));
    for (let i = 0; i < 30; i++)
      writeFileSync(project.file(`d/f${String(i).padStart(2, "0")}.txt`), "");
    const found = await project.call("find", { pattern: "*.txt", output_level: "brief" });
    expect(found.text).toContain("… 10 more paths");
    expect(found.data.paths).toHaveLength(30);
    const listed = await project.call("ls", { path: "d" }, { outputLevel: "brief" });
    expect(listed.text).toContain("… 10 more entries");
    const full = await project.call(
      "ls",
      { path: "d", output_level: "full" },
      { outputLevel: "brief" },
    );
    expect(full.text).toContain("f29.txt");
  });
});
