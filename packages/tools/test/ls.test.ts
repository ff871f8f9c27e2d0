import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "./helpers.js";

let project: Project;
beforeEach(() => {
  project = makeProject();
});
afterEach(() => project.cleanup());

describe("J.7 ls — 1. basic listing", () => {
  it("1.1 dotfiles and folder suffix", async () => {
    writeFileSync(project.file(".hidden-file"), "");
    mkdirSync(project.file(".hidden-dir"));
    const response = await project.call("ls", {});
    expect(response.text).toContain(".hidden-file");
    expect(response.text).toContain(".hidden-dir/");
    expect(response.data.entries).toContainEqual({
      path: ".hidden-dir/",
      name: ".hidden-dir",
      type: "dir",
    });
  });

  it("1.2 empty folder", async () => {
    mkdirSync(project.file("empty"));
    const response = await project.call("ls", { path: "empty" });
    expect(response.text).toBe("(empty directory)");
    expect(response.status).toBe("success");
  });

  it("1.3 case-insensitive sort", async () => {
    for (const name of ["Zebra.txt", "apple.txt", "Banana.txt"])
      writeFileSync(project.file(name), "");
    const response = await project.call("ls", {});
    const names = (response.data.entries as { name: string }[]).map((entry) => entry.name);
    expect(names).toEqual(["apple.txt", "Banana.txt", "Zebra.txt"]);
  });

  it("1.4 broken symlinks are skipped", async () => {
    writeFileSync(project.file("ok.txt"), "");
    symlinkSync(project.file("nowhere"), project.file("broken"));
    const response = await project.call("ls", {});
    expect((response.data.entries as { name: string }[]).map((entry) => entry.name)).toEqual([
      "ok.txt",
    ]);
  });
});

describe("J.7 ls — 2. errors and limits", () => {
  it("2.1 path is a file", async () => {
    writeFileSync(project.file("a.txt"), "");
    const response = await project.call("ls", { path: "a.txt" });
    expect(response.error?.code).toBe("NOT_A_DIRECTORY");
    expect(response.text).toContain("Not a directory");
  });

  it("2.2 path not found", async () => {
    const response = await project.call("ls", { path: "missing" });
    expect(response.error?.code).toBe("NOT_FOUND");
    expect(response.text).toContain("Path not found");
  });

  it("2.3 600 entries → 500 shown and the remaining count", async () => {
    mkdirSync(project.file("many"));
    for (let i = 0; i < 600; i++)
      writeFileSync(project.file(`many/f${String(i).padStart(3, "0")}.txt`), "");
    const response = await project.call("ls", { path: "many" });
    expect(response.status).toBe("partial");
    expect(response.data.truncated).toBe(true);
    expect(response.data.entries).toHaveLength(500);
    expect(response.data.total_entries).toBe(600);
    expect(response.text).toContain("100 more not shown");
    expect(response.text).toContain("limit=600");
  });

  it("2.4 outside the project → ACCESS_DENIED", async () => {
    const response = await project.call("ls", { path: "/" });
    expect(response.error?.code).toBe("ACCESS_DENIED");
  });
});

describe("J.7 ls — 3. parameters", () => {
  it("3.1 invalid parameter types", async () => {
    const response = await project.call("ls", { path: 42 });
    expect(response.error?.code).toBe("INVALID_PARAM");
    expect(response.text).toContain("path");
  });
});
