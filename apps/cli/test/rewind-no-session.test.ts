import { existsSync } from "node:fs";
import path from "node:path";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox } from "./harness.js";

const mock = useMockLlmServer();

describe("rewind — `gong --rewind -c` in a folder with no session", () => {
  it("says there is none and exits 1, inventing no session and no checkpoint store", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await runGong(["--rewind", "-c"], box);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("gong: --rewind -c: no saved session for this directory yet.\n");
    expect(existsSync(path.join(box.gongHome, "checkpoints"))).toBe(false);
    expect(mock.requests).toHaveLength(0);
  });
});
