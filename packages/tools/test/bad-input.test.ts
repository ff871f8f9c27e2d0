/**
 * Issue "Bad input never hangs, crashes or floods": FIFOs, sockets and devices are
 * refused before any blocking open; huge files are refused or read in bounded memory;
 * a command too long for the OS still runs; every non-success result says what next.
 */
import { execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeProject, type Project } from "./helpers.js";
import { engines } from "./search-engines.js";

/** A reader blocked on the FIFO (the bug) gets EOF, so a red run still ends. */
function releaseFifo(file: string): void {
  try {
    closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // Nobody is blocked on it: nothing to release.
  }
}

describe("bad input — item 1: FIFOs, sockets and devices are never opened", () => {
  let project: Project;
  let fifo: string;
  let server: Server | undefined;
  beforeEach(() => {
    project = makeProject({ allowedRoots: ["/dev"] });
    fifo = project.file("pipe.txt");
    execFileSync("mkfifo", [fifo]);
  });
  afterEach(async () => {
    releaseFifo(fifo);
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
    project.cleanup();
  });

  it("read of a FIFO is INVALID_PARAM, decided before any blocking open", async () => {
    const response = await project.call("read", { path: "pipe.txt" });
    expect(response.error?.code).toBe("INVALID_PARAM");
    expect(response.text).toContain("pipe.txt is a FIFO, not a regular file");
    expect(response.text).toContain("Recommended next step");
  });

  it("edit and write of a FIFO are refused and the FIFO stays a FIFO", async () => {
    const edit = await project.call("edit", { path: "pipe.txt", oldText: "a", newText: "b" });
    expect(edit.error?.code).toBe("INVALID_PARAM");
    expect(edit.text).toContain("pipe.txt is a FIFO, not a regular file");
    const write = await project.call("write", { path: "pipe.txt", content: "x" });
    expect(write.error?.code).toBe("INVALID_PARAM");
    expect(write.text).toContain("pipe.txt is a FIFO, not a regular file");
    expect(execFileSync("stat", ["-c", "%F", fifo], { encoding: "utf8" }).trim()).toBe("fifo");
  });

  for (const engine of engines) {
    it.skipIf(!engine.available.rg)(
      `grep [${engine.name}] of a FIFO is refused; a folder holding one is searched without it`,
      async () => {
        writeFileSync(project.file("a.txt"), "needle\n");
        const named = await project.call("grep", { pattern: "needle", path: "pipe.txt" }, {});
        expect(named.error?.code).toBe("INVALID_PARAM");
        expect(named.text).toContain("pipe.txt is a FIFO, not a regular file");
        const tools = makeProject({ operations: { search: engine.search } });
        try {
          execFileSync("mkfifo", [tools.file("p")]);
          writeFileSync(tools.file("a.txt"), "needle\n");
          const folder = await tools.call("grep", { pattern: "needle" });
          expect(folder.data.matches).toEqual([{ file: "a.txt", line: 1, text: "needle" }]);
        } finally {
          releaseFifo(tools.file("p"));
          tools.cleanup();
        }
      },
    );
  }

  it("a socket is refused by read", async () => {
    const socket = project.file("s.sock");
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(socket, resolve));
    const response = await project.call("read", { path: "s.sock" });
    expect(response.error?.code).toBe("INVALID_PARAM");
    expect(response.text).toContain("s.sock is a socket, not a regular file");
  });

  it("a character device (/dev/zero, endless) is refused by read and grep", async () => {
    const read = await project.call("read", { path: "/dev/zero" });
    expect(read.error?.code).toBe("INVALID_PARAM");
    expect(read.text).toContain("/dev/zero is a character device, not a regular file");
    const grep = await project.call("grep", { pattern: "x", path: "/dev/zero" });
    expect(grep.error?.code).toBe("INVALID_PARAM");
  });
});

describe("bad input — item 2: huge files", () => {
  let project: Project;
  beforeEach(() => {
    project = makeProject();
  });
  afterEach(() => project.cleanup());

  it("edit refuses a file above 256 MB with the size and the limit, reading nothing", async () => {
    const file = project.file("huge.txt");
    writeFileSync(file, "hello\n");
    truncateSync(file, 300 * 1024 * 1024); // sparse: no disk, no time
    const response = await project.call("edit", {
      path: "huge.txt",
      oldText: "hello",
      newText: "bye",
    });
    expect(response.error?.code).toBe("INVALID_PARAM");
    expect(response.text).toContain("huge.txt is 300.0MB; edit handles files up to 256.0MB");
    expect(response.text).toContain("Recommended next step");
  });
});

describe("bad input — item 3: a command too long for the OS (E2BIG)", () => {
  it("a 3 MB command runs (passed as a script file), with its own output", async () => {
    const project = makeProject();
    try {
      const payload = "x".repeat(3 * 1024 * 1024);
      const response = await project.call("bash", { command: `printf %s '${payload}' | wc -c` });
      expect(response.status).toBe("success");
      expect(response.text.trim()).toBe(String(payload.length));
    } finally {
      project.cleanup();
    }
  });
});

describe("bad input — item 6: every partial or error result says what to do next", () => {
  it("a non-zero exit keeps seed 002's sentence, then a Recommended next step", async () => {
    const project = makeProject();
    try {
      const response = await project.call("bash", { command: "echo oops; exit 3" });
      expect(response.text).toContain("Command exited with code 3");
      expect(response.text).toMatch(/Command exited with code 3\n\nRecommended next step:\n\* /);
    } finally {
      project.cleanup();
    }
  });

  it("a binary file edit refusal says what to do instead", async () => {
    const project = makeProject();
    try {
      writeFileSync(project.file("b.bin"), Buffer.from([0, 1, 2, 3, 0x61]));
      const response = await project.call("edit", { path: "b.bin", oldText: "a", newText: "b" });
      expect(response.error?.code).toBe("BINARY_FILE");
      expect(response.text).toContain("Recommended next step");
    } finally {
      project.cleanup();
    }
  });
});

describe("bad input — item 5: a skill's folder is a read-only root", () => {
  it("read, grep, find and ls may open it; write and edit may not; a linked skill folder is not followed", async () => {
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-skills-")));
    const skill = path.join(outside, "pdf");
    const linked = path.join(outside, "linked");
    const secret = path.join(outside, "secret");
    mkdirSync(skill);
    mkdirSync(secret);
    writeFileSync(path.join(skill, "reference.md"), "REFERENCE-5\n");
    writeFileSync(path.join(secret, "key.md"), "SECRET-5\n");
    symlinkSync(secret, linked);
    const project = makeProject({ readOnlyRoots: [skill, linked] });
    try {
      const file = path.join(skill, "reference.md");
      expect((await project.call("read", { path: file })).text).toContain("REFERENCE-5");
      expect(
        (await project.call("grep", { pattern: "REFERENCE", path: skill })).data.total_matches,
      ).toBe(1);
      expect((await project.call("find", { pattern: "*.md", path: skill })).status).not.toBe(
        "error",
      );
      expect((await project.call("ls", { path: skill })).status).toBe("success");
      const write = await project.call("write", { path: file, content: "x" });
      expect(write.error?.code).toBe("ACCESS_DENIED");
      expect(write.text).toContain("is in a skill's folder");
      const edit = await project.call("edit", { path: file, oldText: "REFERENCE", newText: "X" });
      expect(edit.error?.code).toBe("ACCESS_DENIED");
      const viaLink = await project.call("read", { path: path.join(linked, "key.md") });
      expect(viaLink.error?.code).toBe("ACCESS_DENIED");
    } finally {
      project.cleanup();
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
