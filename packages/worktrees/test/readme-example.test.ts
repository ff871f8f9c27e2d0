import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("opens a worktree, commits what changed on its branch, keeps it and lists it", async () => {
    // Plain Node on the built package (the example imports "@gong/worktrees" by name).
    const { stdout } = await promisify(execFile)(process.execPath, [example]);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      /^worktree fix-login kept at \S+\/\.gong\/worktrees\/fix-login: its changes are committed on branch gong\/fix-login\.$/,
    );
    expect(lines.at(-1)).toBe(
      "fix-login gong/fix-login { ok: true, value: { uncommitted: 0, ahead: 1 } }",
    );
  });
});
