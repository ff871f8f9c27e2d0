import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("blocks rm -rf through a Claude Code hook script and lets the rest run", async () => {
    // Plain Node on the built package (the example imports "@gong/hooks" by name).
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [example]);
    expect(stderr).toBe("");
    expect(stdout.split("\n")).toEqual(["{ block: 'no rm -rf' }", "ok", "ok", ""]);
  });
});
