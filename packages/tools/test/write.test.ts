import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createCodingTools,
  localFileOperations,
  runTool,
  type ToolResponse,
} from "../src/index.js";
import { expectEnvelope, isRoot, makeProject, type Project } from "./helpers.js";

let project: Project;
beforeEach(() => {
  project = makeProject();
});
afterEach(() => project.cleanup());

describe("J.4 write — 1. basic writing", () => {
  it("1.1 creates a new file", async () => {
    const response = await project.call("write", { path: "new.txt", content: "hello world" });
    expect(response.status).toBe("success");
    expect(response.text).toBe("Successfully wrote 11 bytes to new.txt");
    expect(response.data).toMatchObject({ applied: true, bytes_written: 11, created: true });
    expect(readFileSync(project.file("new.txt"), "utf8")).toBe("hello world");
  });

  it("1.2 overwrites an existing file", async () => {
    writeFileSync(project.file("a.txt"), "old");
    const response = await project.call("write", { path: "a.txt", content: "new" });
    expect(response.data.created).toBe(false);
    expect(readFileSync(project.file("a.txt"), "utf8")).toBe("new");
  });

  it("1.3 creates the parent folders", async () => {
    await project.call("write", { path: "nested/deep/dir/test.txt", content: "hello" });
    expect(readFileSync(project.file("nested/deep/dir/test.txt"), "utf8")).toBe("hello");
  });

  it("1.4 atomic: no temp file is left behind", async () => {
    await project.call("write", { path: "a.txt", content: "x".repeat(100_000) });
    expect(readdirSync(project.dir)).toEqual(["a.txt"]);
  });
});

describe("J.4 write — 2. content", () => {
  it("2.1 empty content makes a 0-byte file", async () => {
    const response = await project.call("write", { path: "empty.txt", content: "" });
    expect(response.text).toBe("Successfully wrote 0 bytes to empty.txt");
    expect(readFileSync(project.file("empty.txt")).length).toBe(0);
  });

  it("2.2 UTF-8 multibyte round-trips; the count is in bytes", async () => {
    const response = await project.call("write", { path: "u.txt", content: "你好 🌍" });
    expect(response.data.bytes_written).toBe(Buffer.byteLength("你好 🌍"));
    expect((await project.call("read", { path: "u.txt" })).data.content).toBe("你好 🌍");
  });
});

describe("J.4 write — 3. safety and errors", () => {
  it("3.1 permission denied → PERMISSION_DENIED", async () => {
    mkdirSync(project.file("locked"));
    chmodSync(project.file("locked"), 0o500);
    const params = { path: "locked/test.txt", content: "test" };
    let response: ToolResponse;
    if (isRoot) {
      // Root ignores mode bits: the backend reports EACCES as the OS does for a user.
      const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      const tools = createCodingTools({
        cwd: project.dir,
        operations: {
          fs: { ...localFileOperations, writeFileAtomic: async () => Promise.reject(denied) },
        },
      });
      response = await runTool(tools.find((tool) => tool.name === "write")!, params, {
        cwd: project.dir,
      });
      expectEnvelope(response, params);
    } else {
      response = await project.call("write", params);
    }
    chmodSync(project.file("locked"), 0o700);
    expect(response.error?.code).toBe("PERMISSION_DENIED");
    expect(response.text).toContain("Permission denied");
  });

  it("3.2 path traversal refused, nothing written", async () => {
    const response = await project.call("write", {
      path: "../../etc/crontab-gong-test",
      content: "malicious",
    });
    expect(response.error?.code).toBe("ACCESS_DENIED");
    expect(response.text).toContain("Nothing was read or changed");
  });

  it("3.3 ~ expanded (home allowed explicitly)", async () => {
    const home = project.file("home");
    mkdirSync(home);
    const withHome = makeProject({ home, allowedRoots: [home] });
    try {
      const response = await withHome.call("write", {
        path: "~/output/result.txt",
        content: "data",
      });
      expect(response.status).toBe("success");
      expect(readFileSync(path.join(home, "output", "result.txt"), "utf8")).toBe("data");
    } finally {
      withHome.cleanup();
    }
  });

  it("3.4 invalid parameter types", async () => {
    const response = await project.call("write", { path: 123, content: null });
    expect(response.error?.code).toBe("INVALID_PARAM");
    expect(response.text).toContain("path");
    expect(response.text).toContain("content");
  });

  it("3.5 writing through a symlink that points outside → ACCESS_DENIED", async () => {
    const outside = makeProject();
    try {
      const { symlinkSync } = await import("node:fs");
      symlinkSync(outside.dir, project.file("escape"));
      const response = await project.call("write", { path: "escape/x.txt", content: "x" });
      expect(response.error?.code).toBe("ACCESS_DENIED");
      expect(readdirSync(outside.dir)).toEqual([]);
    } finally {
      outside.cleanup();
    }
  });
});
