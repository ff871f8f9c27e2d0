import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, sessionFiles } from "./harness.js";

const mock = useMockLlmServer();

interface Listed {
  checkpoints: { entryId: string; text: string; files: number; filesByOthers: number }[];
}

async function list(box: Sandbox, session: string[]): Promise<Listed> {
  const listed = await runGong(["--rewind", ...session, "--mode", "json"], box);
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout) as Listed;
}

const read = (box: Sandbox, file: string) => {
  const full = path.join(box.cwd, file);
  return existsSync(full) ? readFileSync(full, "utf8") : undefined;
};

describe("rewind — changes that are not the agent's (issue 34 item 11)", () => {
  it("a hand edit since the agent's last tool call is named, needs --yes, and is undone only then", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeFileSync(path.join(box.cwd, "notes.txt"), "mine v1\n");
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "agent\n" } }]),
      toolCallResponse([{ name: "bash", arguments: { command: "echo built > out.txt" } }]),
      textResponse("wrote a"),
    ]);
    const run = await runGong(["-p", "write a.txt"], box);
    expect(run.code, run.stderr).toBe(0);
    // The user, by hand, after the agent's turn.
    writeFileSync(path.join(box.cwd, "notes.txt"), "mine v2\n");

    const { checkpoints } = await list(box, ["-c"]);
    expect(checkpoints.map((point) => [point.files, point.filesByOthers])).toEqual([[3, 1]]);
    const turn = checkpoints[0]!.entryId;

    const asked = await runGong(["--rewind", turn, "-c", "--restore", "code"], box);
    expect(asked.code).toBe(2);
    expect(asked.stdout).toContain("restore  notes.txt  +1 -1  (changed by others since)");
    expect(asked.stdout).toMatch(/remove {3}a\.txt {2}\+0 -1\n/);
    expect(asked.stdout).toMatch(/remove {3}out\.txt {2}\+0 -1\n/);
    expect(asked.stderr).toContain(
      "1 of these file(s) were changed since by something other than this session's tools (by hand, or another session), and the rewind undoes those changes too: notes.txt",
    );
    expect(read(box, "notes.txt")).toBe("mine v2\n");

    const done = await runGong(["--rewind", turn, "-c", "--restore", "code", "--yes"], box);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain("rewind undoes those changes too: notes.txt");
    expect([read(box, "notes.txt"), read(box, "a.txt"), read(box, "out.txt")]).toEqual([
      "mine v1\n",
      undefined,
      undefined,
    ]);
  });

  it("another session's edits since are named as not this session's", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "first\n" } }]),
      textResponse("wrote a"),
      toolCallResponse([{ name: "write", arguments: { path: "b.txt", content: "second\n" } }]),
      textResponse("wrote b"),
    ]);
    expect((await runGong(["-p", "write a.txt"], box)).code).toBe(0);
    const [first] = sessionFiles(box.gongHome);
    expect((await runGong(["-p", "write b.txt"], box)).code).toBe(0);
    const header = JSON.parse(readFileSync(first!, "utf8").split("\n", 1)[0]!) as { id: string };
    const firstId = header.id;

    const { checkpoints } = await list(box, ["-r", firstId]);
    expect(checkpoints.map((point) => [point.files, point.filesByOthers])).toEqual([[2, 1]]);
    const asked = await runGong(
      ["--rewind", checkpoints[0]!.entryId, "-r", firstId, "--restore", "code"],
      box,
    );
    expect(asked.code).toBe(2);
    expect(asked.stdout).toMatch(/remove {3}a\.txt {2}\+0 -1\n/);
    expect(asked.stdout).toContain("remove   b.txt  +0 -1  (changed by others since)");
  });
});
