import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("resolves GONG_HOME, refuses an unknown ~user, and keeps /a/bc out of /a/b", async () => {
    // Plain Node on the built package (the example imports "@gong/base" by name).
    const { stdout } = await promisify(execFile)(process.execPath, [example]);
    expect(stdout.split("\n")).toEqual([
      "/home/ada/work/gong",
      'Cannot expand ~nobody-here: there is no user "nobody-here" in /etc/passwd. Use an absolute path, or ~/ for your own home.',
      "false",
      "false",
      "success 3 files",
      "",
    ]);
  });
});
