import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SessionStore } from "@gong/session-store";
import { tempDir, writeFile } from "@gong/testing/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { runGit } from "../src/git-command.js";
import { GitShell, shellQuote } from "../src/git-shell.js";
import { openSessionCheckpoints } from "../src/open-checkpoints.js";
import { ShadowGitStore } from "../src/shadow-store.js";

const PATH = process.env.PATH;
afterEach(() => {
  process.env.PATH = PATH;
});

/**
 * A `git` first on PATH that writes, per run, its parent's process id and the git command,
 * then runs the real git: who started each git command.
 */
function recordingGit(root: string): { log: string } {
  const bin = path.join(root, "bin");
  mkdirSync(bin);
  const log = path.join(root, "git-parents.log");
  const real = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
  writeFileSync(
    path.join(bin, "git"),
    `#!/bin/sh\necho "$PPID $*" >> ${shellQuote(log)}\nexec ${shellQuote(real)} "$@"\n`,
  );
  chmodSync(path.join(bin, "git"), 0o755);
  process.env.PATH = `${bin}${path.delimiter}${PATH}`;
  return { log };
}

describe("checkpoints — snapshots do not fork gong once per git command", () => {
  it("every git command of a store runs from one shell, none forked from gong itself", async () => {
    const root = tempDir();
    const { log } = recordingGit(root);
    const dir = path.join(root, "project");
    writeFile(path.join(dir, "a.txt"), "one\n");
    const store = new ShadowGitStore(path.join(root, "store"), dir, "s1");
    // The first one creates the store (and reads the project's own repository, if any).
    expect((await store.snapshot("prompt")).ok).toBe(true);
    writeFileSync(log, "");
    for (let i = 0; i < 4; i++) {
      writeFile(path.join(dir, "a.txt"), `edit ${i}\n`);
      const taken = await store.snapshot("tool");
      expect(taken.ok).toBe(true);
    }
    const runs = readFileSync(log, "utf8").trim().split("\n");
    // status, update-index, write-tree, commit-tree, update-ref for each of the four.
    expect(runs.filter((run) => run.includes(" commit-tree ")).length).toBe(4);
    const parents = new Set(runs.map((run) => run.split(" ")[0]));
    expect(parents.has(String(process.pid))).toBe(false);
    expect(parents.size).toBe(1);
  });

  it("opening a session's checkpoints runs no git; the first snapshot asks whether git runs, through the store's shell", async () => {
    const root = tempDir();
    const { log } = recordingGit(root);
    const cwd = path.join(root, "project");
    const gongHome = path.join(root, "home");
    writeFile(path.join(cwd, "a.txt"), "one\n");
    const created = SessionStore.create({ cwd, gongHome });
    if (!created.ok) throw new Error(created.error.message);
    const warnings: string[] = [];
    const checkpoints = openSessionCheckpoints({
      gongHome,
      cwd,
      session: created.value,
      recordCheckpoint: (checkpoint) => created.value.appendCheckpoint(checkpoint),
      env: process.env,
      warn: (message) => warnings.push(message),
      enabled: true,
    });
    expect(existsSync(log)).toBe(false);
    await checkpoints.list();
    const runs = readFileSync(log, "utf8").trim().split("\n");
    const parent = (run: string | undefined) => run?.split(" ")[0];
    expect(runs[0]).toMatch(/ --version$/);
    expect(parent(runs[0])).not.toBe(String(process.pid));
    expect(parent(runs.find((run) => run.includes(" write-tree")))).toBe(parent(runs[0]));
    expect(warnings).toEqual([]);
    created.value.close();
  });

  it("arguments, input and output pass through the shell byte for byte; a failure names git's error", async () => {
    const root = tempDir();
    const dir = path.join(root, "project");
    const odd = `it's a "name" with $HOME, \`ticks\`, \\ and\nnew line.txt`;
    writeFile(path.join(dir, odd), "x\n");
    const paths = {
      gitDir: path.join(root, "git"),
      workTree: dir,
      indexFile: path.join(root, "index"),
    };
    expect((await runGit(paths, ["init", "-q"])).ok).toBe(true);
    const added = await runGit(paths, ["update-index", "-z", "--add", "--stdin"], {
      input: `${odd}\0`,
    });
    expect(added.ok).toBe(true);
    const listed = await runGit(paths, ["ls-files", "-z", "--", odd]);
    expect(listed).toEqual({
      ok: true,
      value: { stdout: `${odd}\0`, bytes: Buffer.from(`${odd}\0`) },
    });
    const missing = await runGit(paths, ["rev-parse", "--verify", "no-such-ref"]);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error).toMatch(/^git rev-parse: fatal: /);
  });

  it("a shell killed while a command runs answers it and the next ones as not run (the caller spawns git itself)", async () => {
    const root = tempDir();
    const bin = path.join(root, "bin");
    // A `git` that kills the shell that started it.
    writeFile(path.join(bin, "git"), "#!/bin/sh\nkill -9 $PPID\n");
    chmodSync(path.join(bin, "git"), 0o755);
    const shell = new GitShell(root, { PATH: bin });
    expect((await shell.run(["status"], "")).code).toBeNull();
    expect((await shell.run(["status"], "")).code).toBeNull();
  });
});
