import { writeFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localFileOperations } from "../src/index.js";
import { makeProject, type Project } from "./helpers.js";

let project: Project;
beforeEach(() => {
  project = makeProject();
});
afterEach(() => project.cleanup());

describe("AbortSignal — every tool stops and says ABORTED", () => {
  it("an already aborted signal stops every tool before it starts", async () => {
    writeFileSync(project.file("a.txt"), "x\n");
    const controller = new AbortController();
    controller.abort();
    const calls: [string, unknown][] = [
      ["read", { path: "a.txt" }],
      ["write", { path: "b.txt", content: "x" }],
      ["edit", { path: "a.txt", oldText: "x", newText: "y" }],
      ["bash", { command: "echo hi" }],
      ["grep", { pattern: "x" }],
      ["find", { pattern: "*" }],
      ["ls", {}],
    ];
    for (const [tool, params] of calls) {
      const response = await project.call(tool, params, { signal: controller.signal });
      expect(response.error?.code).toBe("ABORTED");
    }
  });

  it("grep aborted while rg runs: rg is killed and the call returns at once", async () => {
    // A stand-in for a slow rg, so the abort lands mid-search every time.
    const fakeRg = project.file("slow-rg.sh");
    writeFileSync(fakeRg, "#!/bin/sh\nexec sleep 30\n", { mode: 0o755 });
    const slow = makeProject({ operations: { search: { rgPath: fakeRg } } });
    try {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 100);
      const response = await slow.call("grep", { pattern: "x" }, { signal: controller.signal });
      expect(response.error?.code).toBe("ABORTED");
      expect(Date.now() - started).toBeLessThan(25_000); // well below the fake rg's 30 s
    } finally {
      slow.cleanup();
    }
  });

  it("find aborted while fd runs returns at once", async () => {
    const fakeFd = project.file("slow-fd.sh");
    writeFileSync(fakeFd, "#!/bin/sh\nexec sleep 30\n", { mode: 0o755 });
    const slow = makeProject({ operations: { search: { fdPath: fakeFd } } });
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const response = await slow.call("find", { pattern: "*" }, { signal: controller.signal });
      expect(response.error?.code).toBe("ABORTED");
    } finally {
      slow.cleanup();
    }
  });

  it("read aborted mid-scan of a big file returns ABORTED", async () => {
    writeFileSync(project.file("big.txt"), "line\n".repeat(1_000_000));
    const controller = new AbortController();
    const chunked = makeProject({
      operations: {
        fs: {
          ...localFileOperations,
          async *readChunks(file, size) {
            for await (const chunk of localFileOperations.readChunks(file, size)) {
              controller.abort(); // the user presses Esc after the first chunk
              yield chunk;
            }
          },
        },
      },
    });
    try {
      writeFileSync(chunked.file("big.txt"), "line\n".repeat(1_000_000));
      const response = await chunked.call(
        "read",
        { path: "big.txt" },
        { signal: controller.signal },
      );
      expect(response.error?.code).toBe("ABORTED");
    } finally {
      chunked.cleanup();
    }
  });
});
