import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { sessionFiles, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, sandbox, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

/** One prompt that writes, edits and runs bash: every kind of call that takes a snapshot. */
async function changeFiles(
  box: ReturnType<typeof sandbox>,
  flags: string[] = [],
): Promise<{ stderr: string }> {
  mock.enqueue([
    toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
    toolCallResponse([
      { name: "edit", arguments: { path: "a.txt", oldText: "one", newText: "two" } },
    ]),
    toolCallResponse([{ name: "bash", arguments: { command: "echo bee > b.txt" } }]),
    textResponse("done"),
  ]);
  const run = await runGong([...flags, "-p", "change things"], box);
  expect(run.code, run.stderr).toBe(0);
  expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("two\n");
  return run;
}

const checkpointEntries = (gongHome: string) =>
  sessionFiles(gongHome)
    .flatMap((file) => readFileSync(file, "utf8").split("\n"))
    .filter((line) => line.includes('"type":"checkpoint"'));

describe('checkpoints — "checkpoints": false in settings.json takes no snapshot and says so at rewind', () => {
  it("edits leave no checkpoint entry and no store; gong --rewind -c says they are off and how to turn them on", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { checkpoints: false });
    const run = await changeFiles(box);
    expect(run.stderr).not.toContain("warning");
    expect(sessionFiles(box.gongHome)).toHaveLength(1);
    expect(checkpointEntries(box.gongHome)).toEqual([]);
    expect(existsSync(path.join(box.gongHome, "checkpoints"))).toBe(false);

    const listed = await runGong(["--rewind", "-c"], box);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain("Checkpoints are off");
    expect(listed.stdout).toContain('"checkpoints": true');

    const json = await runGong(["--rewind", "-c", "--mode", "json"], box);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      type: "checkpoints",
      checkpoints: [],
      reason: expect.stringContaining("Checkpoints are off"),
    });

    const rewind = await runGong(["--rewind", "whatever", "-c", "--yes"], box);
    expect(rewind.code).toBe(1);
    expect(rewind.stderr).toContain("Checkpoints are off");
    expect(existsSync(path.join(box.gongHome, "checkpoints"))).toBe(false);
  });

  it('"checkpoints": "no" is a warning and the default (on) is kept', async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(box.gongHome, { checkpoints: "no" });
    const run = await changeFiles(box);
    expect(run.stderr).toContain('"checkpoints" must be');
    expect(checkpointEntries(box.gongHome).length).toBeGreaterThan(0);
  });

  it("an untrusted project's .gong/settings.json cannot turn them off: skipped with the trust warning", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(path.join(box.cwd, ".gong"), { checkpoints: false });
    const run = await changeFiles(box);
    expect(run.stderr).toContain("this folder is not trusted: skipped checkpoints");
    expect(checkpointEntries(box.gongHome).length).toBeGreaterThan(0);
  });
});

// Issue 39.4 (bench "one-turn print"): `gong -p --no-session` took the project's first
// snapshot (a git store in GONG_HOME, git processes beside the turn) that nothing could
// ever restore: print mode has no rewind and the session is not saved to resume.
describe("checkpoints — gong -p --no-session takes none", () => {
  it("writes, edits and bash leave no checkpoint store", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const run = await changeFiles(box, ["--no-session"]);
    expect(run.stderr).not.toContain("warning");
    expect(sessionFiles(box.gongHome)).toEqual([]);
    expect(existsSync(path.join(box.gongHome, "checkpoints"))).toBe(false);
  });

  it("the same run with a session file takes them", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    await changeFiles(box);
    expect(existsSync(path.join(box.gongHome, "checkpoints"))).toBe(true);
    expect(checkpointEntries(box.gongHome).length).toBeGreaterThan(0);
  });
});
