import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tempDir, writeFile } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { shellQuote } from "../src/git-shell.js";
import { writeSessionRef } from "../src/session-ref.js";
import { ShadowGitStore } from "../src/shadow-store.js";

const PATH = process.env.PATH;
const REAL_GIT = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
afterEach(() => {
  process.env.PATH = PATH;
});

/** A `git` first on PATH that logs each command (its first word after the forced config). */
function countingGit(root: string): string {
  const bin = path.join(root, "bin");
  mkdirSync(bin);
  const log = path.join(root, "git.log");
  writeFileSync(
    path.join(bin, "git"),
    `#!/bin/sh\necho "$*" >> ${shellQuote(log)}\nexec ${shellQuote(REAL_GIT)} "$@"\n`,
  );
  chmodSync(path.join(bin, "git"), 0o755);
  process.env.PATH = `${bin}${path.delimiter}${PATH}`;
  return log;
}

/** `status` of `-c a=b -c c=d status --porcelain …`. */
function commandOf(line: string): string | undefined {
  const words = line.split(" ");
  let i = 0;
  while (words[i] === "-c") i += 2;
  return words[i];
}

/** What git itself says the store's ref names. */
function refOf(store: ShadowGitStore): string {
  return execFileSync(REAL_GIT, ["--git-dir", store.paths.gitDir, "rev-parse", store.ref], {
    encoding: "utf8",
  }).trim();
}

describe("checkpoints — a snapshot moves its session's ref without a git process", () => {
  it("a snapshot of a changed file runs status, update-index, write-tree and commit-tree only; git reads the ref as the snapshot", async () => {
    const root = tempDir();
    const dir = path.join(root, "project");
    writeFile(path.join(dir, "a.txt"), "one\n");
    const log = countingGit(root);
    const store = new ShadowGitStore(path.join(root, "store"), dir, "s1");
    const first = await store.snapshot("prompt");
    if (!first.ok) throw new Error(first.error);
    writeFileSync(log, "");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      writeFile(path.join(dir, "a.txt"), `edit ${i}\n`);
      const taken = await store.snapshot("tool");
      if (!taken.ok) throw new Error(taken.error);
      ids.push(taken.value.id);
      expect(refOf(store)).toBe(taken.value.id);
    }
    const commands = readFileSync(log, "utf8").trim().split("\n").map(commandOf);
    expect(commands).toEqual(
      Array(3).fill(["status", "update-index", "write-tree", "commit-tree"]).flat(),
    );
    expect(new Set(ids).size).toBe(3);
    // Each snapshot's parent is the one before: the ref moved every time.
    const parent = execFileSync(REAL_GIT, [
      "--git-dir",
      store.paths.gitDir,
      "rev-parse",
      `${ids[2]}^`,
    ]);
    expect(parent.toString().trim()).toBe(ids[1]);
    expect(existsSync(path.join(store.paths.gitDir, `${store.ref}.lock`))).toBe(false);
  });

  it("leaves to git a held lock, a name git must check, and anything but a commit id", () => {
    const gitDir = tempDir();
    const id = "a".repeat(40);
    expect(writeSessionRef(gitDir, "refs/sessions/s1", id)).toBe(true);
    expect(readFileSync(path.join(gitDir, "refs/sessions/s1"), "utf8")).toBe(`${id}\n`);
    writeFile(path.join(gitDir, "refs/sessions/s2.lock"), "");
    expect(writeSessionRef(gitDir, "refs/sessions/s2", id)).toBe(false);
    expect(existsSync(path.join(gitDir, "refs/sessions/s2"))).toBe(false);
    for (const ref of [
      "refs/sessions/../HEAD",
      "refs/sessions/a/b",
      "refs/sessions/x.lock",
      "refs/heads/main",
    ])
      expect(writeSessionRef(gitDir, ref, id)).toBe(false);
    expect(writeSessionRef(gitDir, "refs/sessions/s3", "HEAD")).toBe(false);
    expect(readFileSync(path.join(gitDir, "refs/sessions/s1"), "utf8")).toBe(`${id}\n`);
  });

  it("with the ref's lock held by another process the snapshot fails as git update-ref does, and the ref stays", async () => {
    const root = tempDir();
    const dir = path.join(root, "project");
    writeFile(path.join(dir, "a.txt"), "one\n");
    const store = new ShadowGitStore(path.join(root, "store"), dir, "s1");
    const first = await store.snapshot("prompt");
    if (!first.ok) throw new Error(first.error);
    writeFile(path.join(store.paths.gitDir, `${store.ref}.lock`), "");
    writeFile(path.join(dir, "a.txt"), "two\n");
    const taken = await store.snapshot("tool");
    expect(taken.ok).toBe(false);
    if (!taken.ok) expect(taken.error).toMatch(/^git update-ref: .*lock/);
    expect(refOf(store)).toBe(first.value.id);
  });
});
