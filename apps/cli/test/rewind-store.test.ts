import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox } from "./harness.js";

const mock = useMockLlmServer();

async function checkpointIds(box: Sandbox): Promise<string[]> {
  const listed = await runGong(["--rewind", "-c", "--mode", "json"], box);
  expect(listed.code, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as { checkpoints: { entryId: string }[] }).checkpoints.map(
    (point) => point.entryId,
  );
}

describe("rewind — a folder replaced by a symbolic link (issue 34 item 12)", () => {
  it("snapshots go on, storing the link as a link, and a rewind brings the folder back", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mkdirSync(path.join(box.cwd, "d"));
    writeFileSync(path.join(box.cwd, "d", "f.txt"), "in the folder\n");
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote a"),
    ]);
    const first = await runGong(["-p", "write a.txt"], box);
    expect(first.code, first.stderr).toBe(0);
    // The folder moves away and a link to it takes its place.
    renameSync(path.join(box.cwd, "d"), path.join(box.cwd, "real"));
    symlinkSync("real", path.join(box.cwd, "d"));
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "two\n" } }]),
      textResponse("rewrote a"),
    ]);
    const second = await runGong(["-c", "-p", "rewrite a.txt"], box);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain("Checkpoints are not being saved");
    const [turn1, turn2] = await checkpointIds(box);
    const rewound = await runGong(["--rewind", turn2!, "-c", "--restore", "code", "--yes"], box);
    expect(rewound.code, rewound.stderr).toBe(0);
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("one\n");
    expect(lstatSync(path.join(box.cwd, "d")).isSymbolicLink()).toBe(true);
    const back = await runGong(["--rewind", turn1!, "-c", "--restore", "code", "--yes"], box);
    expect(back.code, back.stderr).toBe(0);
    expect(lstatSync(path.join(box.cwd, "d")).isDirectory()).toBe(true);
    expect(readFileSync(path.join(box.cwd, "d", "f.txt"), "utf8")).toBe("in the folder\n");
    expect(existsSync(path.join(box.cwd, "a.txt"))).toBe(false);
    const undo = /Undo with: gong --rewind (\w+)/.exec(back.stdout)![1]!;
    const undone = await runGong(["--rewind", undo, "-c", "--restore", "code", "--yes"], box);
    expect(undone.code, undone.stderr).toBe(0);
    expect(readlinkSync(path.join(box.cwd, "d"))).toBe("real");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("one\n");
  });

  it("a store that cannot be written: the list and the rewind are refused with exit 1, nothing changes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote a"),
    ]);
    expect((await runGong(["-p", "write a.txt"], box)).code).toBe(0);
    const [turn] = await checkpointIds(box);
    const [project] = readdirSync(path.join(box.gongHome, "checkpoints"));
    const indexes = path.join(box.gongHome, "checkpoints", project!, "indexes");
    for (const index of readdirSync(indexes)) writeFileSync(path.join(indexes, index), "broken");

    const listed = await runGong(["--rewind", "-c"], box);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toContain("The checkpoint store cannot be written");
    const refused = await runGong(["--rewind", turn!, "-c", "--yes"], box);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The checkpoint store cannot be written");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("one\n");
  });
});
