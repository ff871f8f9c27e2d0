import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("merges the user's and the project's settings, drops the bad key with a warning, finds AGENTS.md", async () => {
    // Plain Node on the built package (the example imports "@gong/settings" by name).
    const { stdout } = await promisify(execFile)(process.execPath, [example]);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("sonnet full");
    expect(lines[1]).toMatch(
      /\/project\/\.gong\/settings\.json:1:\d+: "retry\.maxRetries" must be a whole number from 0 to 10 \(found "3"\); the key was ignored$/,
    );
    expect(lines[2]).toBe("AGENTS.md Run pnpm test before you commit.");
    expect(lines).toHaveLength(3);
  });
});
