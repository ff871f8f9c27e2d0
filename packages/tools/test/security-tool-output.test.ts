import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "./helpers.js";
import { engines } from "./search-engines.js";

// Item 3 of "Never lose work, never let anyone in": `ln -s / .tool-output` used to make
// `/` an allowed root (the policy took the folder's real path), so the readonly preset
// read ~/.ssh and writes landed outside the project.

let outside: string;
let project: Project | undefined;
beforeEach(() => {
  outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-outside-")));
  writeFileSync(path.join(outside, "secret.txt"), "outside-secret-77\n");
});
afterEach(() => {
  project?.cleanup();
  project = undefined;
  rmSync(outside, { recursive: true, force: true });
});

function projectWithLink(target: string, options: Parameters<typeof makeProject>[0] = {}) {
  project = makeProject(options);
  symlinkSync(target, project.file(".tool-output"));
  return project;
}

describe("security — tool-output symlink is not a door", () => {
  it("with `ln -s / .tool-output` the readonly tools cannot read outside the project", async () => {
    const p = projectWithLink("/", { tools: "readonly" });
    const secret = path.join(outside, "secret.txt");
    for (const [tool, params] of [
      ["read", { path: secret }],
      ["ls", { path: outside }],
      ["grep", { pattern: "outside-secret", path: outside }],
      ["find", { pattern: "*.txt", path: outside }],
    ] as const) {
      const response = await p.call(tool, params);
      expect(response.error?.code, tool).toBe("ACCESS_DENIED");
      expect(response.text).not.toContain("outside-secret-77");
    }
  });

  it("a path through the linked folder is refused and the text says why", async () => {
    const p = projectWithLink(outside);
    const response = await p.call("read", { path: ".tool-output/secret.txt" });
    expect(response.error?.code).toBe("ACCESS_DENIED");
    expect(response.text).toContain("is a symbolic link");
    expect(response.text).toContain(`rm ${p.file(".tool-output")}`);
    expect(response.text).not.toContain("outside-secret-77");
  });

  it("writes and edits through the linked folder land nowhere", async () => {
    const p = projectWithLink(outside);
    const before = readdirSync(outside).sort();
    const write = await p.call("write", { path: ".tool-output/new.txt", content: "x" });
    expect(write.error?.code).toBe("ACCESS_DENIED");
    const writeAbsolute = await p.call("write", {
      path: path.join(outside, "new.txt"),
      content: "x",
    });
    expect(writeAbsolute.error?.code).toBe("ACCESS_DENIED");
    const edit = await p.call("edit", {
      path: ".tool-output/secret.txt",
      oldText: "outside",
      newText: "changed",
    });
    expect(edit.error?.code).toBe("ACCESS_DENIED");
    expect(readdirSync(outside).sort()).toEqual(before);
    expect(readFileSync(path.join(outside, "secret.txt"), "utf8")).toBe("outside-secret-77\n");
  });

  it("bash writes no log through a linked folder and says why", async () => {
    const p = projectWithLink(outside);
    const before = readdirSync(outside).sort();
    const response = await p.call("bash", { command: "seq 1 5000" });
    expect(response.data.truncated).toBe(true);
    expect(response.data.full_output_path).toBeNull();
    expect(response.text).toContain("is a symbolic link");
    expect(readdirSync(outside).sort()).toEqual(before);
  });

  it("a symlink inside the real tool-output folder does not lead out either", async () => {
    project = makeProject();
    mkdirSync(project.file(".tool-output"));
    symlinkSync(outside, project.file(".tool-output/link"));
    const response = await project.call("read", { path: ".tool-output/link/secret.txt" });
    expect(response.error?.code).toBe("ACCESS_DENIED");
  });

  for (const engine of engines) {
    it.runIf(engine.available.rg)(
      `grep (${engine.name}) does not read an outside file through a link inside the folder`,
      async () => {
        project = makeProject({ operations: { search: engine.search } });
        mkdirSync(project.file(".tool-output"));
        symlinkSync(path.join(outside, "secret.txt"), project.file(".tool-output/leak.txt"));
        const response = await project.call("grep", {
          pattern: "outside-secret",
          path: ".tool-output",
        });
        expect(response.text).not.toContain("outside-secret-77");
        expect(response.data.matches).toEqual([]);
      },
    );
  }

  it("a TOOL_OUTPUT_DIR outside the project that is a symlink is not followed", async () => {
    const holder = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-holder-")));
    try {
      const outputDir = path.join(holder, "out");
      symlinkSync(outside, outputDir);
      project = makeProject({ outputDir });
      const response = await project.call("read", { path: path.join(outside, "secret.txt") });
      expect(response.error?.code).toBe("ACCESS_DENIED");
    } finally {
      rmSync(holder, { recursive: true, force: true });
    }
  });

  it("the folder bash creates is a real directory", async () => {
    project = makeProject();
    await project.call("bash", { command: "seq 1 5000" });
    const stats = lstatSync(project.file(".tool-output"));
    expect(stats.isDirectory()).toBe(true);
    expect(stats.isSymbolicLink()).toBe(false);
  });

  it("an --allow-path root the user named is theirs: a symlink there is followed", async () => {
    const holder = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-holder-")));
    try {
      const link = path.join(holder, "shared");
      symlinkSync(outside, link);
      project = makeProject({ allowedRoots: [link] });
      const response = await project.call("read", { path: path.join(outside, "secret.txt") });
      expect(response.status).toBe("success");
      expect(response.text).toContain("outside-secret-77");
    } finally {
      rmSync(holder, { recursive: true, force: true });
    }
  });
});
