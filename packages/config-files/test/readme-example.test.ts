import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("loads what fits and names the wrong value with its line and column", async () => {
    // Plain Node on the built package (the example imports "@gong/config-files" by name).
    const { stdout } = await promisify(execFile)(process.execPath, [example]);
    expect(stdout.split("\n")).toEqual([
      "{ retries: 3 }",
      'settings.json:3:12: "theme" must be one of "dark", "light" (found "blue"); the key was ignored',
      "",
    ]);
  });
});
