import { linkSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "./helpers.js";

// Issue 21.17, decided (README "Path policy"): a hard link is a name the project holds
// for a file; the policy checks names, and read and grep show what the project holds.
// What a hard link must never do is carry a change out of the project: write and edit
// replace the name (temp file + rename), so the file's other names keep their bytes.

let outside: string;
let project: Project | undefined;
afterEach(() => {
  project?.cleanup();
  project = undefined;
  rmSync(outside, { recursive: true, force: true });
});

function linkedProject(): { p: Project; original: string } {
  // The project and the outside folder must share a file system for a hard link.
  outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-link-outside-")));
  const original = path.join(outside, "config.txt");
  writeFileSync(original, "value = outside\n");
  const p = makeProject();
  project = p;
  linkSync(original, p.file("linked.txt"));
  return { p, original };
}

describe("security — hard links to files outside never carry a change out", () => {
  it("write replaces the project's name; the outside file keeps its bytes", async () => {
    const { p, original } = linkedProject();
    const response = await p.call("write", { path: "linked.txt", content: "planted\n" });
    expect(response.status).toBe("success");
    expect(readFileSync(p.file("linked.txt"), "utf8")).toBe("planted\n");
    expect(readFileSync(original, "utf8")).toBe("value = outside\n");
  });

  it("edit replaces the project's name; the outside file keeps its bytes", async () => {
    const { p, original } = linkedProject();
    await p.call("read", { path: "linked.txt" });
    const response = await p.call("edit", {
      path: "linked.txt",
      oldText: "outside",
      newText: "changed",
    });
    expect(response.status).toBe("success");
    expect(readFileSync(p.file("linked.txt"), "utf8")).toBe("value = changed\n");
    expect(readFileSync(original, "utf8")).toBe("value = outside\n");
  });

  it("read shows what the project holds under the name (documented: not refused)", async () => {
    const { p } = linkedProject();
    const response = await p.call("read", { path: "linked.txt" });
    expect(response.status).toBe("success");
    expect(response.text).toContain("value = outside");
  });
});
