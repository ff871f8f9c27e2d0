import { existsSync } from "node:fs";
import path from "node:path";
import { textResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { jsonLines, runGong, sandbox } from "./harness.js";

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

describe("rewind — `gong --rewind <unknown id> -c` names the command that lists the ids", () => {
  it("says how to list this session's checkpoints in gong's own words, not an RPC command", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("hi"));
    const first = await runGong(["--mode", "json", "-p", "hello"], box);
    const sessionId = String(jsonLines(first.stdout)[0]?.id);
    const run = await runGong(["--rewind", "zzzz", "-c", "--yes"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("zzzz is not a user message or a rewind of this session");
    expect(run.stderr).toContain(`This session's checkpoints: gong --rewind -r ${sessionId}\n`);
    expect(run.stderr).not.toContain("get_checkpoints");
  });
});
