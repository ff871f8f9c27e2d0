import { lstat, mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ToolResponse } from "@gong/base";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createObservationTruncator,
  ensureOutputDir,
  resolveObservationConfig,
} from "../src/index.js";

let root: string;
let outside: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "gong-spill-"));
  outside = await mkdtemp(path.join(tmpdir(), "gong-spill-outside-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe("security — tool-output symlink is not a door", () => {
  it("ensureOutputDir creates a real folder", async () => {
    const dir = path.join(root, ".tool-output");
    await ensureOutputDir(dir);
    const stats = await lstat(dir);
    expect(stats.isDirectory() && !stats.isSymbolicLink()).toBe(true);
  });

  it("ensureOutputDir refuses a folder that is a symlink and writes nothing through it", async () => {
    const dir = path.join(root, ".tool-output");
    await symlink(outside, dir);
    await expect(ensureOutputDir(dir)).rejects.toThrow(/is a symbolic link/);
    expect(await readdir(outside)).toEqual([]);
  });

  it("the truncator spills nothing through a linked folder, deletes nothing there, and says why", async () => {
    // An old file where the link leads: the spill's retention cleanup must not reach it.
    const old = path.join(outside, "old-notes.txt");
    await writeFile(old, "keep me");
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    await utimes(old, monthAgo, monthAgo);
    await symlink(outside, path.join(root, ".tool-output"));
    const resolved = resolveObservationConfig({ rootDir: root, maxLines: 2 }, {});
    if (!resolved.ok) throw new Error(resolved.error);
    const big: ToolResponse = {
      status: "success",
      data: {},
      text: "a\nb\nc\nd\n",
      stats: { time_ms: 1 },
      context: { cwd: root, params_input: {} },
    };
    // The tool's result still reaches the model, cut to the limits: a refused folder
    // costs the full copy, not the call (and never ends the agent's run).
    const wrapped = await createObservationTruncator(resolved.config).truncate(big, {
      toolName: "read",
    });
    expect(wrapped.status).toBe("partial");
    expect(wrapped.data.preview).toBe("a\nb");
    expect((wrapped.data.truncation as { full_output_path: unknown }).full_output_path).toBeNull();
    expect(wrapped.text).toContain("Full output not saved: The tool-output folder");
    expect(wrapped.text).toContain("is a symbolic link");
    expect(wrapped.text).not.toContain("read(path=");
    expect(await readdir(outside)).toEqual(["old-notes.txt"]);
  });

  it("a linked folder inside a real parent is refused even when the link points inside", async () => {
    await mkdir(path.join(root, "real"));
    await symlink(path.join(root, "real"), path.join(root, ".tool-output"));
    await expect(ensureOutputDir(path.join(root, ".tool-output"))).rejects.toThrow(
      /is a symbolic link/,
    );
  });
});
