import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gitIn, tempDir, writeFile } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { runGit } from "../src/git-command.js";
import { MAX_SNAPSHOT_FILE_BYTES, ShadowGitStore } from "../src/shadow-store.js";

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** Every file under `dir` with its mtime and a hash of its content. */
function fingerprint(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const hash = createHash("sha1").update(readFileSync(file)).digest("hex");
    files.set(path.relative(dir, file), `${statSync(file).mtimeMs} ${hash}`);
  }
  return files;
}

describe("checkpoints — a git project's first snapshot reuses its objects", () => {
  it("the store starts with a pack of the project's blobs, stores the work tree as it is, and never writes the project's .git", async () => {
    const root = tempDir();
    const dir = path.join(root, "project");
    mkdirSync(dir);
    const git = gitIn(dir);
    git("init", "-q");
    writeFile(path.join(dir, "a.txt"), "one\n");
    writeFile(path.join(dir, "src", "b.txt"), "committed\n");
    // Tracked but over the size limit: snapshots skip it, so its blob is not copied either.
    writeFile(path.join(dir, "big.bin"), "x".repeat(MAX_SNAPSHOT_FILE_BYTES + 1));
    git("add", ".");
    git("commit", "-qm", "first");
    git("gc", "-q");
    // Staged content that is in neither the commit nor the work tree: the index is not trusted.
    writeFile(path.join(dir, "src", "b.txt"), "staged\n");
    git("add", "src/b.txt");
    writeFile(path.join(dir, "src", "b.txt"), "in the work tree\n");
    const before = fingerprint(path.join(dir, ".git"));

    const store = new ShadowGitStore(path.join(root, "store"), dir, "s1");
    const first = unwrap(await store.snapshot("prompt"));
    // Back to committed content: its blob is the project's; writing it must not touch it.
    writeFile(path.join(dir, "src", "b.txt"), "committed\n");
    const second = unwrap(await store.snapshot("tool"));

    const packs = readdirSync(path.join(store.paths.gitDir, "objects", "pack"));
    expect(packs.some((name) => name.endsWith(".pack"))).toBe(true);
    const show = async (spec: string) => unwrap(await runGit(store.paths, ["show", spec])).stdout;
    expect(await show(`${first.id}:src/b.txt`)).toBe("in the work tree\n");
    expect(await show(`${first.id}:a.txt`)).toBe("one\n");
    expect(await show(`${second.id}:src/b.txt`)).toBe("committed\n");
    const big = git("rev-parse", "HEAD:big.bin").trim();
    expect((await runGit(store.paths, ["cat-file", "-e", big])).ok).toBe(false);
    expect(fingerprint(path.join(dir, ".git"))).toEqual(before);
  });
});
