import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finishWorktree, keptWorktreeLines, listWorktrees, openWorktree } from "@gong/worktrees";

// A repository with one commit (your own project works the same way).
const repo = mkdtempSync(path.join(tmpdir(), "worktrees-example-"));
const identity = ["-c", "user.name=me", "-c", "user.email=me@example.com"];
/** @param {string[]} args */
const git = (...args) => execFileSync("git", ["-C", repo, ...identity, ...args]);
git("init", "--quiet", "-b", "main");
git("commit", "--quiet", "--allow-empty", "-m", "first");

const opened = await openWorktree(repo, "fix-login"); // no name: session-<hex>
if (!opened.ok) throw new Error(opened.error); // not a git repository, a bad name, …
const worktree = opened.value; // { name, path, branch: "gong/fix-login", created, … }
writeFileSync(path.join(worktree.path, "login.txt"), "fixed\n"); // … a session works here …
const end = await finishWorktree(worktree, "gong: fix the login redirect");
for (const line of keptWorktreeLines(worktree, end)) console.log(line);
const listed = await listWorktrees(repo);
if (listed.ok) for (const w of listed.value) console.log(w.name, w.branch, w.changes);
rmSync(repo, { recursive: true, force: true });
