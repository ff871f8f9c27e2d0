import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const example = fileURLToPath(new URL("../examples/readme.mjs", import.meta.url));

describe("README example — the program the README shows runs as it is", () => {
  it("creates a session, appends a message, branches, lists it and opens it again by id prefix", async () => {
    // Plain Node on the built package (the example imports "@gong/session-store" by name).
    const cwd = mkdtempSync(join(tmpdir(), "session-store-readme-"));
    const env = { ...process.env, GONG_HOME: join(cwd, "home") };
    const { stdout } = await promisify(execFile)(process.execPath, [example], { cwd, env });
    expect(stdout.split("\n")).toEqual(["1 user undefined off", "Fix the build 1", ""]);
  });
});
