import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  finishWorktree,
  listWorktrees,
  openWorktree,
  removeWorktree,
  worktreeNameOf,
  worktreeNameProblem,
} from "../src/index.js";

let base: string;
let repo: string;

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
};

function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8" });
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "gong-worktrees-")));
  repo = path.join(base, "repo");
  mkdirSync(repo);
  gitIn(repo, "init", "--quiet", "-b", "main");
  writeFileSync(path.join(repo, "a.txt"), "one\n");
  gitIn(repo, "add", "a.txt");
  gitIn(repo, "commit", "--quiet", "-m", "first");
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

async function open(name?: string) {
  const opened = await openWorktree(repo, name);
  if (!opened.ok) throw new Error(opened.error);
  return opened.value;
}

describe("worktrees — names", () => {
  it.each(["..", "a/b", "../x", "-x", "a..b", "x.lock", "a b", "", "x".repeat(65), "é"])(
    "%j is refused before git sees it",
    async (name) => {
      expect(worktreeNameProblem(name)).toBeDefined();
      const opened = await openWorktree(repo, name);
      expect(opened.ok).toBe(false);
      expect(existsSync(path.join(repo, ".gong"))).toBe(false);
    },
  );

  it("fix-login_2.v1 is a good name", () => {
    expect(worktreeNameProblem("fix-login_2.v1")).toBeUndefined();
  });
});

describe("worktrees — open, list, finish, remove", () => {
  it("outside a git repository: one clear error", async () => {
    const plain = path.join(base, "plain");
    mkdirSync(plain);
    const opened = await openWorktree(plain, "x");
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.error).toMatch(/is not in a git repository.*git init/);
  });

  it("creates .gong/worktrees/<name> on gong/<name> from HEAD; the main checkout stays clean", async () => {
    const worktree = await open("one");
    expect(worktree.created).toBe(true);
    expect(worktree.path).toBe(path.join(repo, ".gong", "worktrees", "one"));
    expect(gitIn(worktree.path, "rev-parse", "--abbrev-ref", "HEAD").trim()).toBe("gong/one");
    expect(readFileSync(path.join(worktree.path, "a.txt"), "utf8")).toBe("one\n");
    expect(gitIn(repo, "status", "--porcelain")).toBe("");
    expect(readFileSync(path.join(repo, ".git", "info", "exclude"), "utf8")).toContain(
      "/.gong/worktrees/",
    );
  });

  it("an existing name is reused; from inside a worktree the main checkout's are found", async () => {
    const first = await open("same");
    writeFileSync(path.join(first.path, "a.txt"), "changed\n");
    const again = await openWorktree(first.path, "same");
    expect(again.ok && again.value.created).toBe(false);
    expect(again.ok && again.value.path).toBe(first.path);
    expect(readFileSync(path.join(first.path, "a.txt"), "utf8")).toBe("changed\n");
  });

  it("a folder in the way that is no worktree is an error, left as it was", async () => {
    const inTheWay = path.join(repo, ".gong", "worktrees", "taken");
    mkdirSync(inTheWay, { recursive: true });
    writeFileSync(path.join(inTheWay, "mine.txt"), "keep");
    const opened = await openWorktree(repo, "taken");
    expect(opened.ok).toBe(false);
    expect(readFileSync(path.join(inTheWay, "mine.txt"), "utf8")).toBe("keep");
  });

  it("a worktree without changes is removed at the end, with its branch", async () => {
    const worktree = await open("idle");
    expect(await finishWorktree(worktree, "gong: idle")).toEqual({ kept: false });
    expect(existsSync(worktree.path)).toBe(false);
    expect(gitIn(repo, "branch", "--list", "gong/idle")).toBe("");
  });

  it("changes are committed on the branch and the worktree kept; list shows it", async () => {
    const worktree = await open("busy");
    writeFileSync(path.join(worktree.path, "a.txt"), "busy\n");
    writeFileSync(path.join(worktree.path, "new.txt"), "new\n");
    const end = await finishWorktree(worktree, "gong: busy session");
    expect(end).toMatchObject({ kept: true, committed: true, ahead: 1 });
    expect(gitIn(repo, "show", "gong/busy:a.txt")).toBe("busy\n");
    expect(gitIn(repo, "log", "-1", "--format=%s", "gong/busy").trim()).toBe("gong: busy session");
    expect(readFileSync(path.join(repo, "a.txt"), "utf8")).toBe("one\n");
    const listed = await listWorktrees(repo);
    expect(listed.ok && listed.value.map((w) => [w.name, w.branch, w.changes])).toEqual([
      ["busy", "gong/busy", { ok: true, value: { uncommitted: 0, ahead: 1 } }],
    ]);
  });

  it("hooks of the repository never run (a worktree add, a commit)", async () => {
    const marker = path.join(base, "hook-ran");
    for (const hook of ["post-checkout", "pre-commit", "commit-msg"]) {
      const file = path.join(repo, ".git", "hooks", hook);
      writeFileSync(file, `#!/bin/sh\necho ${hook} >> ${marker}\n`);
      chmodSync(file, 0o755);
    }
    const worktree = await open("hooked");
    writeFileSync(path.join(worktree.path, "a.txt"), "x\n");
    await finishWorktree(worktree, "gong: hooked");
    expect(existsSync(marker)).toBe(false);
  });

  it("remove refuses uncommitted changes unless forced; keeps a branch with commits", async () => {
    const dirty = await open("dirty");
    writeFileSync(path.join(dirty.path, "a.txt"), "dirty\n");
    const refused = await removeWorktree(repo, "dirty");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/1 uncommitted change.*--force/);
    expect(readFileSync(path.join(dirty.path, "a.txt"), "utf8")).toBe("dirty\n");

    const kept = await open("kept");
    writeFileSync(path.join(kept.path, "a.txt"), "kept\n");
    await finishWorktree(kept, "gong: kept");
    const removed = await removeWorktree(repo, "kept");
    expect(removed.ok && removed.value.branchKept).toBe(1);
    expect(existsSync(kept.path)).toBe(false);
    expect(gitIn(repo, "show", "gong/kept:a.txt")).toBe("kept\n");

    const forced = await removeWorktree(repo, "dirty", { force: true });
    expect(forced.ok).toBe(true);
    expect(gitIn(repo, "branch", "--list", "gong/dirty")).toBe("");
    expect(gitIn(repo, "status", "--porcelain")).toBe("");
    const missing = await removeWorktree(repo, "nope");
    expect(!missing.ok && missing.error).toMatch(/no worktree named nope/);
  });

  it("opened from inside a worktree, a worktree branches from that one's HEAD and counts changes from it", async () => {
    const outer = await open("outer");
    writeFileSync(path.join(outer.path, "a.txt"), "outer\n");
    await finishWorktree(outer, "gong: outer");
    const inner = await openWorktree(outer.path, "inner");
    if (!inner.ok) throw new Error(inner.error);
    expect(inner.value.path).toBe(path.join(repo, ".gong", "worktrees", "inner"));
    expect(readFileSync(path.join(inner.value.path, "a.txt"), "utf8")).toBe("outer\n");
    expect(await finishWorktree(inner.value, "gong: inner")).toEqual({ kept: false });
  });

  it("opened from a subfolder, the session runs in the same subfolder of the worktree (the root when it is not there)", async () => {
    mkdirSync(path.join(repo, "src"));
    writeFileSync(path.join(repo, "src", "b.txt"), "b\n");
    gitIn(repo, "add", "src/b.txt");
    gitIn(repo, "commit", "--quiet", "-m", "src");
    mkdirSync(path.join(repo, "scratch"));
    const fromSrc = await openWorktree(path.join(repo, "src"), "sub");
    if (!fromSrc.ok) throw new Error(fromSrc.error);
    expect(fromSrc.value.path).toBe(path.join(repo, ".gong", "worktrees", "sub"));
    expect(fromSrc.value.cwd).toBe(path.join(fromSrc.value.path, "src"));
    expect(worktreeNameOf(fromSrc.value.cwd)).toBe("sub");
    const fromUntracked = await openWorktree(path.join(repo, "scratch"), "sub");
    expect(fromUntracked.ok && fromUntracked.value.cwd).toBe(fromSrc.value.path);
  });
});
