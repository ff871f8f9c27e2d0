import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("truncates a 5000-line log and spills the whole tool result to .tool-output/", async () => {
    // Plain Node on the built package (the example imports "@gong/truncate" by name).
    const cwd = mkdtempSync(join(tmpdir(), "truncate-readme-"));
    const { stdout } = await promisify(execFile)(process.execPath, [example], { cwd });
    const [first, second] = stdout.split("\n");
    expect(first).toBe("true 2000 of 5000 lines, from line 3001");
    const spilled = second?.match(
      /^partial - read\(path="(\.tool-output\/tool_\d{8}_\d{6}_read\.txt)", offset=2001\)/,
    )?.[1];
    expect(spilled).toBeDefined();
    expect(existsSync(join(cwd, spilled!))).toBe(true);
  });
});
