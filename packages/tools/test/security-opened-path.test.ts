import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FileOperations, localFileOperations } from "../src/index.js";
import { makeProject, type Project } from "./helpers.js";

// Item 4 of "Never lose work, never let anyone in": the policy checked the path, then
// the tool opened it again by name. A file (or a folder on its path) swapped for a
// symbolic link in between was read or written wherever the link led.

type OpeningMethod = "readHead" | "readChunks" | "readFile" | "writeFileAtomic";

/**
 * The local file operations, with `swap` run once right before the first call of
 * `method` — after the policy's check, before the open: the race, made certain.
 */
function swapBefore(method: OpeningMethod, swap: () => void): FileOperations {
  let swapped = false;
  const original = localFileOperations[method] as (...args: unknown[]) => unknown;
  return {
    ...localFileOperations,
    [method]: (...args: unknown[]) => {
      if (!swapped) {
        swapped = true;
        swap();
      }
      return original(...args);
    },
  };
}

let outside: string;
let project: Project | undefined;
beforeEach(() => {
  outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-outside-")));
  writeFileSync(path.join(outside, "notes.txt"), "outside-secret-42\n");
});
afterEach(() => {
  project?.cleanup();
  project = undefined;
  rmSync(outside, { recursive: true, force: true });
});

function setUp(method: OpeningMethod, swap: (p: Project) => void): Project {
  let current: Project | undefined;
  const p = makeProject({
    operations: { fs: swapBefore(method, () => swap(current!)) },
  });
  current = p;
  project = p;
  mkdirSync(p.file("sub"));
  writeFileSync(p.file("sub/notes.txt"), "inside\n");
  return p;
}

/** Replaces the project's `sub/notes.txt` with a link to the outside file. */
const swapFile = (p: Project) => {
  rmSync(p.file("sub/notes.txt"));
  symlinkSync(path.join(outside, "notes.txt"), p.file("sub/notes.txt"));
};

/** Replaces the project's `sub` folder with a link to the outside folder. */
const swapFolder = (p: Project) => {
  renameSync(p.file("sub"), p.file("sub-moved"));
  symlinkSync(outside, p.file("sub"));
};

const outsideUnchanged = (before: string[]) => {
  expect(readdirSync(outside).sort()).toEqual(before);
  expect(readFileSync(path.join(outside, "notes.txt"), "utf8")).toBe("outside-secret-42\n");
};

describe("security — check what is opened, not what was named", () => {
  for (const method of ["readHead", "readChunks"] as const) {
    it(`read: the file swapped for a symlink before ${method} is ACCESS_DENIED`, async () => {
      const p = setUp(method, swapFile);
      const response = await p.call("read", { path: "sub/notes.txt" });
      expect(response.error?.code).toBe("ACCESS_DENIED");
      expect(response.text).toContain("changed while it was being opened");
      expect(response.text).not.toContain("outside-secret-42");
    });

    it(`read: its folder swapped for a symlink before ${method} is ACCESS_DENIED`, async () => {
      const p = setUp(method, swapFolder);
      const response = await p.call("read", { path: "sub/notes.txt" });
      expect(response.error?.code).toBe("ACCESS_DENIED");
      expect(response.text).not.toContain("outside-secret-42");
    });
  }

  it("read: an image swapped for a symlink before its bytes are read is ACCESS_DENIED", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const p = setUp("readFile", (current) => {
      rmSync(current.file("sub/pic.png"));
      symlinkSync(path.join(outside, "pic.png"), current.file("sub/pic.png"));
    });
    writeFileSync(p.file("sub/pic.png"), png);
    writeFileSync(path.join(outside, "pic.png"), Buffer.concat([png, Buffer.from("secret")]));
    const response = await p.call("read", { path: "sub/pic.png" });
    expect(response.error?.code).toBe("ACCESS_DENIED");
    expect(response.data.images).toBeUndefined();
  });

  it("write: the folder swapped for a symlink before the write puts nothing outside", async () => {
    const p = setUp("writeFileAtomic", swapFolder);
    const before = readdirSync(outside).sort();
    const response = await p.call("write", { path: "sub/new.txt", content: "planted" });
    expect(response.error?.code).toBe("ACCESS_DENIED");
    outsideUnchanged(before);
  });

  it("write: the file swapped for a symlink before the write leaves the outside file alone", async () => {
    const p = setUp("writeFileAtomic", swapFile);
    const before = readdirSync(outside).sort();
    await p.call("write", { path: "sub/notes.txt", content: "planted" });
    outsideUnchanged(before);
  });

  it("edit: the file swapped for a symlink before it is read is ACCESS_DENIED", async () => {
    const p = setUp("readFile", swapFile);
    const before = readdirSync(outside).sort();
    const response = await p.call("edit", {
      path: "sub/notes.txt",
      oldText: "outside-secret-42",
      newText: "changed",
    });
    expect(response.error?.code).toBe("ACCESS_DENIED");
    expect(response.text).not.toContain("outside-secret-42");
    outsideUnchanged(before);
  });

  it("edit: the folder swapped for a symlink before the write changes nothing outside", async () => {
    const p = setUp("writeFileAtomic", swapFolder);
    writeFileSync(path.join(outside, "notes.txt"), "inside\n");
    const before = readdirSync(outside).sort();
    const response = await p.call("edit", {
      path: "sub/notes.txt",
      oldText: "inside",
      newText: "changed",
    });
    expect(response.error?.code).toBe("ACCESS_DENIED");
    expect(readdirSync(outside).sort()).toEqual(before);
    expect(readFileSync(path.join(outside, "notes.txt"), "utf8")).toBe("inside\n");
  });
});
