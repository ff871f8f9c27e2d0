import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox } from "./harness.js";

const mock = useMockLlmServer();

interface CheckpointsLine {
  checkpoints: { entryId: string; kind: string; text: string; files: number }[];
  storeBytes: number;
}

async function listCheckpoints(box: Sandbox): Promise<CheckpointsLine> {
  const listed = await runGong(["--rewind", "-c", "--mode", "json"], box);
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout) as CheckpointsLine;
}

/** Turn 1 writes a.txt; turn 2 edits it, and bash creates b.txt and deletes c.txt. */
async function twoTurns(box: Sandbox): Promise<void> {
  writeFileSync(path.join(box.cwd, "c.txt"), "see\n");
  mock.enqueue([
    toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
    textResponse("wrote a"),
  ]);
  const first = await runGong(["-p", "write a.txt"], box);
  expect(first.code, first.stderr).toBe(0);
  mock.enqueue([
    toolCallResponse([
      { name: "edit", arguments: { path: "a.txt", oldText: "one", newText: "two" } },
    ]),
    toolCallResponse([{ name: "bash", arguments: { command: "echo bee > b.txt && rm c.txt" } }]),
    textResponse("done"),
  ]);
  const second = await runGong(["-c", "-p", "change things"], box);
  expect(second.code, second.stderr).toBe(0);
  expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("two\n");
  expect(existsSync(path.join(box.cwd, "b.txt"))).toBe(true);
  expect(existsSync(path.join(box.cwd, "c.txt"))).toBe(false);
}

function read(box: Sandbox, file: string): string | undefined {
  const full = path.join(box.cwd, file);
  return existsSync(full) ? readFileSync(full, "utf8") : undefined;
}

async function rewindAndUndo(box: Sandbox): Promise<void> {
  const { checkpoints, storeBytes } = await listCheckpoints(box);
  expect(checkpoints.map((point) => [point.kind, point.text, point.files])).toEqual([
    ["prompt", "write a.txt", 3],
    ["prompt", "change things", 3],
  ]);
  expect(storeBytes).toBeGreaterThan(0);

  const turn2 = checkpoints[1]!.entryId;
  const refused = await runGong(["--rewind", turn2, "-c"], box);
  expect(refused.code).toBe(2);
  expect(read(box, "a.txt")).toBe("two\n");

  const rewound = await runGong(["--rewind", turn2, "-c", "--yes"], box);
  expect(rewound.code, rewound.stderr).toBe(0);
  expect(rewound.stdout).toContain("restore  a.txt  +1 -1");
  expect(rewound.stdout).toContain("remove   b.txt");
  expect(rewound.stdout).toContain("recreate c.txt");
  expect(rewound.stdout).toContain("The prompt was:\nchange things");
  expect([read(box, "a.txt"), read(box, "b.txt"), read(box, "c.txt")]).toEqual([
    "one\n",
    undefined,
    "see\n",
  ]);
  // The conversation went back too: the next prompt follows turn 1's answer.
  mock.enqueue([textResponse("ok")]);
  const next = await runGong(["-c", "-p", "what now"], box);
  expect(next.code, next.stderr).toBe(0);
  const sent = JSON.stringify(mock.requests.at(-1)!.body);
  expect(sent).toContain("wrote a");
  expect(sent).not.toContain("change things");

  const undo = /Undo with: gong --rewind (\w+)/.exec(rewound.stdout)![1]!;
  const undone = await runGong(["--rewind", undo, "-c", "--restore", "code", "--yes"], box);
  expect(undone.code, undone.stderr).toBe(0);
  expect([read(box, "a.txt"), read(box, "b.txt"), read(box, "c.txt")]).toEqual([
    "two\n",
    "bee\n",
    undefined,
  ]);
}

describe("rewind — gong --rewind puts back what the agent changed", () => {
  it("in a git repository: files, conversation and undo; the project's git state and ignored files untouched", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], {
        cwd: box.cwd,
        encoding: "utf8",
      });
    git("init", "-q");
    writeFileSync(path.join(box.cwd, ".gitignore"), "build/\n");
    mkdirSync(path.join(box.cwd, "build"));
    writeFileSync(path.join(box.cwd, "build", "out.js"), "old\n");
    git("add", ".gitignore");
    git("commit", "-qm", "first");
    git("stash", "list");
    await twoTurns(box);
    const gitState = () => [
      git("status", "--porcelain"),
      git("stash", "list"),
      git("log", "--oneline"),
    ];
    const before = gitState();
    writeFileSync(path.join(box.cwd, "build", "out.js"), "built later\n");
    await rewindAndUndo(box);
    expect(read(box, "build/out.js")).toBe("built later\n");
    expect(gitState()).toEqual(before);
    expect(existsSync(path.join(box.cwd, ".git", "index.lock"))).toBe(false);
  });

  it("in a plain folder: the same rewind and undo", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    await twoTurns(box);
    await rewindAndUndo(box);
  });

  it("kill -9 during a snapshot: the locks it leaves behind do not stop the next run or the rewind", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote a"),
    ]);
    expect((await runGong(["-p", "write a.txt"], box)).code).toBe(0);
    // What a gong killed inside `git update-index` / `git update-ref` leaves behind.
    const [project] = readdirSync(path.join(box.gongHome, "checkpoints"));
    const store = path.join(box.gongHome, "checkpoints", project!);
    for (const index of readdirSync(path.join(store, "indexes"))) {
      writeFileSync(path.join(store, "indexes", `${index}.lock`), "");
      writeFileSync(path.join(store, "git", "refs", "sessions", `${index}.lock`), "");
    }
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "two\n" } }]),
      textResponse("rewrote a"),
    ]);
    const second = await runGong(["-c", "-p", "rewrite a.txt"], box);
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain("Checkpoints are not being saved");
    const { checkpoints } = await listCheckpoints(box);
    const turn2 = checkpoints.find((point) => point.text === "rewrite a.txt")!;
    const rewound = await runGong(
      ["--rewind", turn2.entryId, "-c", "--restore", "code", "--yes"],
      box,
    );
    expect(rewound.code, rewound.stderr).toBe(0);
    expect(read(box, "a.txt")).toBe("one\n");
  });

  it("without git: write and edit targets are backed up, the rewind says bash is not covered, and undo works", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    // No git on the PATH (gong itself is started by its absolute path).
    const noGit = { ...box, env: { ...box.env, PATH: path.join(box.cwd, "..") } };
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      textResponse("wrote a"),
      toolCallResponse([
        { name: "edit", arguments: { path: "a.txt", oldText: "one", newText: "two" } },
      ]),
      textResponse("edited a"),
    ]);
    expect((await runGong(["-p", "write a.txt"], noGit)).code).toBe(0);
    expect((await runGong(["-c", "-p", "edit a.txt"], noGit)).code).toBe(0);
    const { checkpoints } = await listCheckpoints(noGit);
    expect(checkpoints.map((point) => [point.text, point.files])).toEqual([
      ["write a.txt", 1],
      ["edit a.txt", 1],
    ]);
    const rewound = await runGong(["--rewind", checkpoints[0]!.entryId, "-c", "--yes"], noGit);
    expect(rewound.code, rewound.stderr).toBe(0);
    expect(rewound.stdout).toContain("changes made by bash or MCP tools are not covered");
    expect(read(box, "a.txt")).toBeUndefined();
    const undo = /Undo with: gong --rewind (\w+)/.exec(rewound.stdout)![1]!;
    const undone = await runGong(["--rewind", undo, "-c", "--restore", "code", "--yes"], noGit);
    expect(undone.code, undone.stderr).toBe(0);
    expect(read(box, "a.txt")).toBe("two\n");
  });

  it("a checkpoint store that cannot be written is one warning, never a failed tool call", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    // A file where the store's folder should be: every snapshot fails.
    writeFileSync(path.join(box.gongHome, "checkpoints"), "");
    mock.enqueue([
      toolCallResponse([{ name: "write", arguments: { path: "a.txt", content: "one\n" } }]),
      toolCallResponse([{ name: "bash", arguments: { command: "echo two > b.txt" } }]),
      textResponse("done"),
    ]);
    const run = await runGong(["-p", "write and run"], box);
    expect(run.code, run.stderr).toBe(0);
    expect([read(box, "a.txt"), read(box, "b.txt")]).toEqual(["one\n", "two\n"]);
    expect(run.stderr.match(/Checkpoints are not being saved/g)).toHaveLength(1);
  });
});
