import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("renders a session's entries to one page and previews a message on one line", async () => {
    // Plain Node on the built package (the example imports "@gong/render" by name).
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [example]);
    expect(stderr).toBe("");
    expect(stdout.split("\n")).toEqual(["<!doctype html> true", "Rename greet to…", ""]);
  });
});
