import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("judges three calls by the rules and names the next mode", async () => {
    // Plain Node on the built package (the example imports "@gong/policy" by name).
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [example]);
    expect(stderr).toBe("");
    expect(stdout.split("\n")).toEqual([
      "{ verdict: 'allow', rule: 'Bash(npm test:*)' }",
      "{ verdict: 'deny', rule: 'Bash(rm -rf:*)' }",
      "{ verdict: 'deny', rule: 'Read(./.env)' }",
      "accept-edits",
      "",
    ]);
  });
});
