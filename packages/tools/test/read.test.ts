import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCodingTools, localFileOperations, runTool } from "../src/index.js";
import { expectEnvelope, isRoot, makeProject, type Project } from "./helpers.js";

let project: Project;
beforeEach(() => {
  project = makeProject();
});
afterEach(() => project.cleanup());

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`).join("\n");
const write = (name: string, content: string | Buffer) =>
  writeFileSync(project.file(name), content);
// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe("J.3 read — 1. basic reading", () => {
  it("1.1 a 3-line file, whole, not truncated", async () => {
    write("a.txt", "one\ntwo\nthree\n");
    const response = await project.call("read", { path: "a.txt" });
    expect(response.status).toBe("success");
    expect(response.text).toBe("one\ntwo\nthree\n");
    expect(response.data).toMatchObject({
      content: "one\ntwo\nthree\n",
      truncated: false,
      total_lines: 3,
      next_offset: null,
    });
    expect(response.context.truncation_skip).toBe(true);
  });

  it("1.2 missing file → NOT_FOUND", async () => {
    const response = await project.call("read", { path: "missing.txt" });
    expect(response.error?.code).toBe("NOT_FOUND");
    expect(response.text).toContain("File not found: missing.txt");
    expect(response.text).toContain("Recommended next step");
  });

  it("1.3 empty file", async () => {
    write("empty.txt", "");
    const response = await project.call("read", { path: "empty.txt" });
    expect(response.status).toBe("success");
    expect(response.data.content).toBe("");
    expect(response.text).toBe("(empty file: empty.txt)");
  });
});

describe("J.3 read — 2. paging", () => {
  it("2.1 offset", async () => {
    write("a.txt", numbered(100));
    const response = await project.call("read", { path: "a.txt", offset: 51 });
    expect(response.data.content).toBe(numbered(100).split("\n").slice(50).join("\n"));
    expect(response.status).toBe("success");
  });

  it("2.2 limit", async () => {
    write("a.txt", numbered(100));
    const response = await project.call("read", { path: "a.txt", limit: 10 });
    expect(response.data.content).toBe(`${numbered(10)}\n`);
    expect(response.text).toContain("[90 more lines in file. Use offset=11 to continue.]");
    expect(response.status).toBe("partial");
    expect(response.data.next_offset).toBe(11);
  });

  it("2.3 offset + limit", async () => {
    write("a.txt", numbered(100));
    const response = await project.call("read", { path: "a.txt", offset: 41, limit: 20 });
    const lines = (response.data.content as string).trimEnd().split("\n");
    expect(lines[0]).toBe("line 41");
    expect(lines.at(-1)).toBe("line 60");
    expect(lines).toHaveLength(20);
  });

  it("2.4 offset=1 is the start", async () => {
    write("a.txt", numbered(5));
    const response = await project.call("read", { path: "a.txt", offset: 1 });
    expect(response.data.content).toBe(numbered(5));
  });

  it("2.5 offset beyond the end", async () => {
    write("a.txt", "a\nb\nc\n");
    const response = await project.call("read", { path: "a.txt", offset: 100 });
    expect(response.status).toBe("error");
    expect(response.text).toContain("Offset 100 is beyond end of file (3 lines total)");
  });
});

describe("J.3 read — 3. truncation", () => {
  it("3.1 line limit", async () => {
    write("a.txt", numbered(2500));
    const response = await project.call("read", { path: "a.txt" });
    expect(response.status).toBe("partial");
    expect(response.text).toContain("[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]");
    expect((response.data.content as string).split("\n")).toHaveLength(2000);
  });

  it("3.2 byte limit", async () => {
    write("a.txt", Array.from({ length: 500 }, () => "x".repeat(200)).join("\n"));
    const response = await project.call("read", { path: "a.txt" });
    expect(response.text).toMatch(
      /\[Showing lines 1-\d+ of 500 \(50\.0KB limit\)\. Use offset=\d+ to continue\.\]/,
    );
    expect(response.data.truncated_by).toBe("bytes");
  });

  it("3.3 first line over the limit", async () => {
    write("a.txt", `${"y".repeat(60 * 1024)}\nshort\n`);
    const response = await project.call("read", { path: "a.txt" });
    expect(response.data.first_line_exceeds_limit).toBe(true);
    expect(response.text).toContain(
      "[Line 1 is 60.0KB, exceeds 50.0KB limit. Use bash: sed -n '1p' a.txt | head -c 51200]",
    );
  });
});

describe("J.3 read — 4. images", () => {
  it("4.1 PNG bytes in a .txt file are an image", async () => {
    write("pic.txt", PNG);
    const response = await project.call("read", { path: "pic.txt" });
    expect(response.status).toBe("success");
    const images = response.data.images as { mimeType: string; data: string }[];
    expect(images).toHaveLength(1);
    expect(images[0]?.mimeType).toBe("image/png");
    expect(Buffer.from(images[0]!.data, "base64").subarray(0, 4).toString("latin1")).toBe(
      "\x89PNG",
    );
    expect(response.text).toContain("[image/png]");
  });

  it("4.2 text in a .png file is text", async () => {
    write("fake.png", "just text\n");
    const response = await project.call("read", { path: "fake.png" });
    expect(response.data.content).toBe("just text\n");
    expect(response.data.images).toBeUndefined();
  });

  it("4.3 a big image is resized to fit 2000×2000 (or passed through with a note without sharp)", async () => {
    const sharp = await import("sharp").then(
      (module) => module.default,
      () => undefined,
    );
    if (!sharp) {
      write("big.png", PNG);
      const response = await project.call("read", { path: "big.png" });
      expect(response.text).toContain("passed through unresized");
      return;
    }
    const big = await sharp({
      create: { width: 3000, height: 1000, channels: 3, background: "red" },
    })
      .png()
      .toBuffer();
    write("big.png", big);
    const response = await project.call("read", { path: "big.png" });
    expect(response.data.width).toBe(2000);
    expect(response.data.height).toBe(667);
    expect(response.text).toContain("resized from 3000x1000");
  });

  it("4.4 other binary → BINARY_FILE", async () => {
    write("blob.bin", Buffer.from([1, 2, 0, 3, 4]));
    const response = await project.call("read", { path: "blob.bin" });
    expect(response.error?.code).toBe("BINARY_FILE");
  });
});

describe("J.3 read — 5. file-system edges", () => {
  it("5.1 truncation metadata", async () => {
    write("a.txt", numbered(2500));
    const response = await project.call("read", { path: "a.txt" });
    expect(response.data).toMatchObject({
      truncated: true,
      truncated_by: "lines",
      total_lines: 2500,
      output_lines: 2000,
      next_offset: 2001,
    });
  });

  it("5.2 offset = last line", async () => {
    write("a.txt", numbered(100));
    const response = await project.call("read", { path: "a.txt", offset: 100 });
    expect(response.data.content).toBe("line 100");
  });

  it("5.3 symlink inside the project is followed", async () => {
    write("real.txt", "target content");
    symlinkSync(project.file("real.txt"), project.file("link.txt"));
    const response = await project.call("read", { path: "link.txt" });
    expect(response.data.content).toBe("target content");
  });

  it("5.4 permission denied → PERMISSION_DENIED", async () => {
    write("secret.txt", "x");
    chmodSync(project.file("secret.txt"), 0o000);
    // As root the OS grants everything, so the backend reports EACCES the way the OS would for a user.
    const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    const tools = createCodingTools({
      cwd: project.dir,
      operations: { fs: { ...localFileOperations, access: async () => Promise.reject(denied) } },
    });
    const read = tools.find((tool) => tool.name === "read")!;
    const params = { path: "secret.txt" };
    const response = isRoot
      ? await runTool(read, params, { cwd: project.dir })
      : await project.call("read", params);
    expectEnvelope(response, params);
    expect(response.error?.code).toBe("PERMISSION_DENIED");
  });

  it("5.5 directory → IS_DIRECTORY", async () => {
    mkdirSync(project.file("sub"));
    const response = await project.call("read", { path: "sub" });
    expect(response.error?.code).toBe("IS_DIRECTORY");
  });

  it("5.6 symlink pointing outside the project → ACCESS_DENIED", async () => {
    symlinkSync("/etc/hostname", project.file("escape.txt"));
    const response = await project.call("read", { path: "escape.txt" });
    expect(response.error?.code).toBe("ACCESS_DENIED");
  });

  it("5.7 reads a window of a big file without loading it whole", async () => {
    write("big.txt", numbered(300_000));
    const response = await project.call("read", { path: "big.txt", offset: 299_990, limit: 5 });
    expect(response.data.content).toBe(
      "line 299990\nline 299991\nline 299992\nline 299993\nline 299994\n",
    );
    expect(response.data.total_lines).toBe(300_000);
    expect(response.text).toContain("[6 more lines in file. Use offset=299995 to continue.]");
  });
});

describe("J.3 read — 6. pi regressions", () => {
  it("6.1 spaces and Unicode in the file name", async () => {
    write("截图 2026-02-11 下午3.42.10.txt", "shot");
    const response = await project.call("read", { path: "截图 2026-02-11 下午3.42.10.txt" });
    expect(response.data.content).toBe("shot");
  });

  it("6.1b macOS screenshot names: U+202F before PM, curly apostrophe, NFD", async () => {
    write("Screenshot 2026-02-11 at 3.42.10\u202FPM.txt", "narrow");
    write("Capture d\u2019écran.txt", "curly");
    write("Cafe\u0301 nfd.txt", "nfd");
    expect(
      (await project.call("read", { path: "Screenshot 2026-02-11 at 3.42.10 PM.txt" })).data
        .content,
    ).toBe("narrow");
    expect((await project.call("read", { path: "Capture d'écran.txt" })).data.content).toBe(
      "curly",
    );
    expect((await project.call("read", { path: "Caf\u00e9 nfd.txt" })).data.content).toBe("nfd");
  });

  it("6.2 ~ expanded to $HOME (allowed explicitly)", async () => {
    const home = project.file("home");
    mkdirSync(home);
    writeFileSync(path.join(home, "test.txt"), "home file");
    const withHome = makeProject({ home, allowedRoots: [home] });
    try {
      expect((await withHome.call("read", { path: "~/test.txt" })).data.content).toBe("home file");
      // Without --allow-path, ~ outside the project is refused (ARCHITECTURE §8).
      const strict = makeProject({ home });
      expect((await strict.call("read", { path: "~/test.txt" })).error?.code).toBe("ACCESS_DENIED");
      strict.cleanup();
    } finally {
      withHome.cleanup();
    }
  });

  it("6.3 invalid parameter types", async () => {
    for (const params of [{ path: 42 }, { path: null }, { path: "a", offset: "3" }]) {
      const response = await project.call("read", params);
      expect(response.error?.code).toBe("INVALID_PARAM");
    }
  });

  it("6.4 a leading @ is stripped", async () => {
    write("a.txt", "at");
    expect((await project.call("read", { path: "@a.txt" })).data.content).toBe("at");
  });
});

describe("J.8 4.1 read truncation notice names the next offset", () => {
  it("4.1 2500 lines → Use offset=2001 to continue", async () => {
    write("a.txt", numbered(2500));
    const response = await project.call("read", { path: "a.txt" });
    expect(response.text).toContain("Use offset=2001 to continue");
    const next = await project.call("read", { path: "a.txt", offset: 2001 });
    expect((next.data.content as string).split("\n")[0]).toBe("line 2001");
    expect(next.status).toBe("success");
  });
});
