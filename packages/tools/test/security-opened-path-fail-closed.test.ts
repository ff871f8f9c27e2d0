import { readdirSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeProject, type Project } from "./helpers.js";

// Item 4, fail closed: when where the descriptor really is cannot be told (no /proc),
// the open is refused instead of trusted.
const proc = vi.hoisted(() => ({ broken: false }));
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    readlinkSync: (file: string) => {
      if (proc.broken && file.startsWith("/proc/self/fd/")) {
        throw new Error("/proc is not mounted");
      }
      return actual.readlinkSync(file);
    },
  };
});

let project: Project | undefined;
afterEach(() => {
  proc.broken = false;
  project?.cleanup();
  project = undefined;
});

describe.runIf(process.platform === "linux")(
  "security — check what is opened, not what was named (fail closed)",
  () => {
    it("a read whose opened file cannot be verified is ACCESS_DENIED", async () => {
      project = makeProject();
      writeFileSync(project.file("a.txt"), "alpha\n");
      proc.broken = true;
      const response = await project.call("read", { path: "a.txt" });
      expect(response.error?.code).toBe("ACCESS_DENIED");
      expect(response.text).toContain("could not be verified (/proc is not mounted)");
      expect(response.text).not.toContain("alpha");
    });

    it("a write whose temp file cannot be verified is ACCESS_DENIED and leaves no file", async () => {
      project = makeProject();
      proc.broken = true;
      const response = await project.call("write", { path: "b.txt", content: "beta" });
      expect(response.error?.code).toBe("ACCESS_DENIED");
      expect(readdirSync(project.dir)).toEqual([]);
    });
  },
);
