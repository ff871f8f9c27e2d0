import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tempDir, writeFile } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { gitEnvironment } from "../src/git-command.js";
import { cleanEndedSessions, noteSession } from "../src/retention.js";
import { ShadowGitStore } from "../src/shadow-store.js";

describe("checkpoints — snapshots are cleaned with their session", () => {
  it("a session whose file is gone loses its ref, index and objects; a live one keeps them", async () => {
    const root = tempDir();
    const project = path.join(root, "project");
    mkdirSync(project);
    const storeDir = path.join(root, "store");
    const sessions = path.join(root, "sessions");
    mkdirSync(sessions);
    const stores = ["gone", "live"].map((id) => {
      const file = path.join(sessions, `${id}.jsonl`);
      writeFileSync(file, "");
      noteSession(storeDir, id, file);
      return new ShadowGitStore(storeDir, project, id);
    });
    writeFile(path.join(project, "shared.txt"), "both\n");
    const [gone, live] = stores as [ShadowGitStore, ShadowGitStore];
    await gone.snapshot("prompt");
    writeFile(path.join(project, "only-gone.txt"), "unique\n");
    const goneSnapshot = await gone.snapshot("tool");
    rmSync(path.join(project, "only-gone.txt"));
    const liveSnapshot = await live.snapshot("prompt");
    if (!goneSnapshot.ok || !liveSnapshot.ok) throw new Error("snapshot failed");

    rmSync(path.join(sessions, "gone.jsonl"));
    const git = (...args: string[]) =>
      execFileSync("git", args, { env: gitEnvironment(live.paths, process.env), encoding: "utf8" });
    await cleanEndedSessions(storeDir, live.paths, { force: true });

    expect(git("for-each-ref", "--format=%(refname)").trim()).toBe("refs/sessions/live");
    expect(existsSync(path.join(storeDir, "indexes", "gone"))).toBe(false);
    expect(existsSync(path.join(storeDir, "indexes", "live"))).toBe(true);
    expect(git("cat-file", "-t", liveSnapshot.value.id).trim()).toBe("commit");
    // Unreachable now: gc deletes its objects once the hour of grace is over.
    expect(git("rev-list", "--all").includes(goneSnapshot.value.id)).toBe(false);
  });
});
