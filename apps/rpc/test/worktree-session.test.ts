import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textResponse, toolCallResponse } from "@gong/testing";
import { gongSandbox, useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type Line, RpcProcess } from "./harness.js";

// Issue 42 item 2: RPC `new_session {worktree}` runs the new session in a git worktree;
// leaving it commits its changes on the worktree's branch (@gong/worktrees, packages/worktrees).

const mock = useMockLlmServer();

const data = (line: Line) => line.data as Record<string, unknown>;

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

describe("gong-rpc new_session {worktree}", () => {
  it("runs the session in .gong/worktrees/<name>; leaving it commits its change on gong/<name>", async () => {
    const box = gongSandbox(mock.anthropicBaseUrl);
    box.cwd = realpathSync(box.cwd);
    git(box.cwd, "init", "--quiet", "-b", "main");
    writeFileSync(path.join(box.cwd, "a.txt"), "original\n");
    git(box.cwd, "add", "a.txt");
    git(box.cwd, "commit", "--quiet", "-m", "first");
    const rpc = RpcProcess.start(box, []);

    const refused = await rpc.request({ type: "new_session", worktree: "../up" });
    expect(refused).toMatchObject({
      success: false,
      error: expect.stringMatching(/cannot name a worktree/),
    });

    const opened = await rpc.request({ type: "new_session", worktree: "rpc-wt" });
    const folder = path.join(box.cwd, ".gong", "worktrees", "rpc-wt");
    expect(data(opened)).toMatchObject({
      worktree: { name: "rpc-wt", branch: "gong/rpc-wt", path: folder },
    });
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_w", name: "write", arguments: { path: "a.txt", content: "rpc\n" } },
      ]),
      textResponse("wrote it"),
    ]);
    await rpc.request({ type: "prompt", message: "write a.txt" });
    await rpc.waitFor((line) => line.type === "run_end");
    expect(readFileSync(path.join(folder, "a.txt"), "utf8")).toBe("rpc\n");

    const left = await rpc.request({ type: "new_session" });
    expect(left).toMatchObject({ success: true });
    const kept = await rpc.waitFor(
      (line) =>
        line.type === "warning" && JSON.stringify(line).includes("gong worktree remove rpc-wt"),
    );
    expect(JSON.stringify(kept)).toContain("committed on branch gong/rpc-wt");
    expect(git(box.cwd, "show", "gong/rpc-wt:a.txt")).toBe("rpc\n");
    expect(readFileSync(path.join(box.cwd, "a.txt"), "utf8")).toBe("original\n");
    expect(git(box.cwd, "status", "--porcelain")).toBe("");
  });
});
