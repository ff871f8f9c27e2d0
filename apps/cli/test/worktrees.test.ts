import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RecordedRequest, textResponse, toolCallResponse } from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGong, type Sandbox, sandbox, waitFor } from "./harness.js";

// Issue 42 item 2: parallel sessions each in a git worktree of their own
// (@gong/worktrees, packages/worktrees), through the built binary.

const mock = useMockLlmServer();

interface Body {
  messages: { role: string; content: string | { type: string; text?: string }[] }[];
}

/** The text of every user message of the request. */
function userText(request: RecordedRequest): string {
  return (request.body as Body).messages
    .filter((message) => message.role === "user")
    .map((message) =>
      typeof message.content === "string"
        ? message.content
        : message.content.map((block) => block.text ?? "").join(""),
    )
    .join("\n");
}

const hasToolResult = (request: RecordedRequest) =>
  (request.body as Body).messages.some(
    (message) =>
      typeof message.content !== "string" &&
      message.content.some((block) => block.type === "tool_result"),
  );

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
    },
  });
}

/** The sandbox's project as a git repository with one commit of `a.txt`. */
function repository(): Sandbox {
  const box = sandbox(mock.anthropicBaseUrl);
  box.cwd = realpathSync(box.cwd);
  git(box.cwd, "init", "--quiet", "-b", "main");
  writeFileSync(path.join(box.cwd, "a.txt"), "original\n");
  git(box.cwd, "add", "a.txt");
  git(box.cwd, "commit", "--quiet", "-m", "first");
  return box;
}

/**
 * Each prompt `WRITE <text>` writes a.txt with <text>, but only once every expected
 * writer has asked: run one after the other, neither would write.
 */
function writersTogether(expected: number): void {
  const asked = new Set<string>();
  mock.setFallback(async (request) => {
    const text = /WRITE (\w+)/.exec(userText(request))?.[1] ?? "?";
    if (hasToolResult(request)) return textResponse(`wrote ${text}`);
    asked.add(text);
    await waitFor(() => asked.size >= expected);
    return toolCallResponse([
      { id: `toolu_${text}`, name: "write", arguments: { path: "a.txt", content: `${text}\n` } },
    ]);
  });
}

describe("gong --worktree — parallel sessions, each on its own branch", () => {
  it("two sessions edit the same file at once: no conflict, each change on its branch; list shows both; removing one leaves the other and the main checkout clean", async () => {
    const box = repository();
    writersTogether(2);
    const [first, second] = await Promise.all([
      runGong(["--worktree", "first", "-p", "WRITE alpha"], box),
      runGong(["--worktree", "second", "-p", "WRITE beta"], box),
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(first.stderr).toContain("branch gong/first");
    expect(first.stderr).toContain("gong worktree remove first");
    expect(git(box.cwd, "show", "gong/first:a.txt")).toBe("alpha\n");
    expect(git(box.cwd, "show", "gong/second:a.txt")).toBe("beta\n");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("original\n");
    expect(git(box.cwd, "status", "--porcelain")).toBe("");

    const listed = await runGong(["worktree", "list"], box);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^first\s+gong\/first\s+1 commit\s+\S+first$/m);
    expect(listed.stdout).toMatch(/^second\s+gong\/second\s+1 commit\s+\S+second$/m);

    // The session list of the main checkout shows each session's worktree.
    const sessions = await runGong(["-r"], box);
    expect(sessions.code, sessions.stderr).toBe(0);
    expect(sessions.stdout).toMatch(/\[worktree first\] WRITE alpha/);
    expect(sessions.stdout).toMatch(/\[worktree second\] WRITE beta/);

    const removed = await runGong(["worktree", "remove", "first"], box);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain("branch gong/first is kept");
    const second_ = path.join(box.cwd, ".gong", "worktrees", "second");
    expect(existsSync(path.join(box.cwd, ".gong", "worktrees", "first"))).toBe(false);
    expect(readFileSync(path.join(second_, "a.txt"), "utf8")).toBe("beta\n");
    expect(git(box.cwd, "status", "--porcelain")).toBe("");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("original\n");
    const after = await runGong(["worktree", "list"], box);
    expect(after.stdout).not.toMatch(/^first/m);
    expect(after.stdout).toMatch(/^second/m);
  });

  it("a session that changes nothing leaves no worktree and no branch", async () => {
    const box = repository();
    mock.setFallback(textResponse("nothing to do"));
    const run = await runGong(["--worktree", "-p", "look around"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/had no changes: removed it/);
    expect(git(box.cwd, "branch", "--list", "gong/*")).toBe("");
    expect(git(box.cwd, "worktree", "list", "--porcelain").match(/^worktree /gm)).toHaveLength(1);
  });

  it("outside a git repository --worktree is one clear error, and no model is asked", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mkdirSync(box.cwd, { recursive: true });
    mock.setFallback(textResponse("should not run"));
    const before = mock.requests.length;
    const run = await runGong(["--worktree", "x", "-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(
      /--worktree: .* is not in a git repository.*git init.*; or start gong without --worktree\n$/,
    );
    expect(mock.requests.length).toBe(before);
  });

  it("gong worktree list outside a git repository says so, without advice about --worktree", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mkdirSync(box.cwd, { recursive: true });
    const run = await runGong(["worktree", "list"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /is not in a git repository .*: worktrees need one \(git init, then commit once\)\n$/,
    );
    expect(run.stderr).not.toContain("--worktree");
  });

  it("a bad name is a usage error before anything is created", async () => {
    const box = repository();
    const run = await runGong(["--worktree=../up", "-p", "hi"], box);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/cannot name a worktree/);
    expect(existsSync(path.join(box.cwd, ".gong"))).toBe(false);
  });
});

/** The task results the request carries (the parent's second request). */
function toolResultTexts(request: RecordedRequest): string[] {
  return (request.body as Body).messages.flatMap((message) =>
    typeof message.content === "string"
      ? []
      : message.content
          .filter((block) => block.type === "tool_result")
          .map((block) => JSON.stringify(block)),
  );
}

describe("task isolation: worktree — parallel subagents edit the same file on branches of their own", () => {
  it("two parallel task subagents with isolation worktree edit the same file and both edits survive on their branches", async () => {
    const box = repository();
    const started = new Set<string>();
    let results: string[] = [];
    mock.setFallback(async (request) => {
      const text = userText(request);
      const sub = /SUBTASK (\w+)/.exec(text)?.[1];
      if (sub) {
        if (hasToolResult(request)) return textResponse(`wrote ${sub}`);
        started.add(sub);
        // Each waits for the other to start: one after the other, neither would write.
        await waitFor(() => started.size === 2);
        return toolCallResponse([
          {
            id: `toolu_w_${sub}`,
            name: "write",
            arguments: { path: "a.txt", content: `${sub}\n` },
          },
        ]);
      }
      if (hasToolResult(request)) {
        results = toolResultTexts(request);
        return textResponse("both done");
      }
      return toolCallResponse(
        ["left", "right"].map((name) => ({
          id: `toolu_task_${name}`,
          name: "task",
          arguments: {
            description: `write ${name}`,
            prompt: `SUBTASK ${name}`,
            isolation: "worktree",
          },
        })),
      );
    });
    const run = await runGong(["-p", "split the work"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(results).toHaveLength(2);
    const branches = results.map(
      (result) => /its changes are committed on branch (gong\/task-[0-9a-f]+)/.exec(result)?.[1],
    );
    expect(branches.every(Boolean), results.join("\n")).toBe(true);
    expect(new Set(branches).size).toBe(2);
    expect(branches.map((branch) => git(box.cwd, "show", `${branch}:a.txt`))).toEqual([
      "left\n",
      "right\n",
    ]);
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("original\n");
    expect(git(box.cwd, "status", "--porcelain")).toBe("");
  });
});

interface CheckpointsLine {
  checkpoints: { entryId: string; kind: string; text: string; files: number }[];
}

describe("task isolation: worktree — outside a git repository", () => {
  it("the call is an error that says why and what to do; no subagent runs", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    let results: string[] = [];
    mock.setFallback(async (request) => {
      if (/SUBTASK/.test(userText(request))) return textResponse("the subagent ran");
      if (hasToolResult(request)) {
        results = toolResultTexts(request);
        return textResponse("ok");
      }
      return toolCallResponse([
        {
          id: "toolu_task",
          name: "task",
          arguments: { description: "isolated", prompt: "SUBTASK x", isolation: "worktree" },
        },
      ]);
    });
    const run = await runGong(["-p", "try it"], box);
    expect(run.code, run.stderr).toBe(0);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatch(/task isolation \\"worktree\\": .*is not in a git repository/);
    expect(results[0]).toContain("Call task again without isolation");
    expect(mock.requests.some((request) => /SUBTASK/.test(userText(request)))).toBe(false);
  });
});

describe("checkpoints per worktree", () => {
  it("a rewind in the main checkout leaves the worktrees alone; a worktree's session has checkpoints of its own", async () => {
    const box = repository();
    writersTogether(1);
    const first = await runGong(["-p", "WRITE main1"], box);
    expect(first.code, first.stderr).toBe(0);
    const inWorktree = await runGong(["--worktree", "wt", "-p", "WRITE wt1"], box);
    expect(inWorktree.code, inWorktree.stderr).toBe(0);
    const second = await runGong(["-c", "-p", "WRITE main2"], box);
    expect(second.code, second.stderr).toBe(0);
    const worktreeFile = path.join(box.cwd, ".gong", "worktrees", "wt", "a.txt");
    expect(readFileSync(worktreeFile, "utf8")).toBe("wt1\n");

    const listed = await runGong(["--rewind", "-c", "--mode", "json"], box);
    expect(listed.code, listed.stderr).toBe(0);
    const { checkpoints } = JSON.parse(listed.stdout) as CheckpointsLine;
    const beforeFirst = checkpoints.find((checkpoint) => checkpoint.text.includes("main1"));
    const rewound = await runGong(["--rewind", beforeFirst!.entryId, "-c", "--yes"], box);
    expect(rewound.code, rewound.stderr).toBe(0);
    expect(rewound.stdout).not.toContain(".gong");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("original\n");
    expect(readFileSync(worktreeFile, "utf8")).toBe("wt1\n");
    expect(git(path.dirname(worktreeFile), "status", "--porcelain")).toBe("");

    // The worktree's own session rewinds in the worktree.
    const inside = await runGong(["--worktree", "wt", "--rewind", "-c", "--mode", "json"], box);
    expect(inside.code, inside.stderr).toBe(0);
    const own = JSON.parse(inside.stdout.split("\n")[0]!) as CheckpointsLine;
    expect(own.checkpoints.map((checkpoint) => checkpoint.text)).toEqual([
      expect.stringContaining("wt1"),
    ]);
  });
});
