import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("edits a file through runTool and answers a second, stale edit with a NO_MATCH envelope", async () => {
    // Plain Node on the built package (the example imports "@gong/tools" by name).
    const { stdout } = await promisify(execFile)(process.execPath, [example]);
    expect(stdout).toContain("success Successfully replaced text in app.js.");
    expect(stdout).toContain("+const port = 8080;");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("error NO_MATCH");
  });
});
