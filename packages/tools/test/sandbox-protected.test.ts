/**
 * Under workspace-write, the files that make Gong, Claude Code or git run code later stay
 * read-only inside the project, existing or not (sandbox/sandbox-protected.ts; issue 34
 * item 1). Needs a working bwrap (CI installs bubblewrap); skipped, saying why, elsewhere.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ProcessGroups, probeSandbox } from "../src/index.js";
import { makeProject, type Project } from "./helpers.js";

const probe = probeSandbox(
  { mode: "workspace-write", network: false, writableRoots: [] },
  process.env.PATH ?? "",
);
const title = probe.ok
  ? "sandbox — code-running files stay read-only under workspace-write"
  : `sandbox — skipped: ${probe.error}`;

let project: Project | undefined;
afterEach(() => project?.cleanup());

/** Every protected name, written the way a command that hides it would. */
const PLANTS = [
  ".gong/settings.json",
  ".gong/settings.local.json",
  ".gong/hooks/x.mjs",
  ".gong/commands/x.md",
  ".gong/agents/x.md",
  ".gong/skills/x/SKILL.md",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".claude/commands/x.md",
  ".claude/agents/x.md",
  ".claude/skills/x/SKILL.md",
  ".mcp.json",
  ".git/hooks/post-commit",
  ".git/config",
];
const plantAll = PLANTS.map(
  (file) =>
    `f=.; for part in ${file.split("/").join(" ")}; do f=$f/$part; done; mkdir -p "$(dirname $f)" 2>/dev/null; echo planted > $f 2>/dev/null || echo REFUSED $f`,
).join("; ");

describe.skipIf(!probe.ok)(title, () => {
  const sandbox = probe.ok ? probe.sandbox : undefined;

  it("missing: none of them can be created, and the mount points bwrap left are gone after dispose()", async () => {
    const processes = new ProcessGroups(500);
    project = makeProject({ processes, bash: { killGraceMs: 500, sandbox } });
    const response = await project.call("bash", { command: `${plantAll}; echo made > ok.txt` });
    for (const file of PLANTS) expect(response.text).toContain(`REFUSED ./${file}`);
    expect(readFileSync(project.file("ok.txt"), "utf8")).toBe("made\n");
    await processes.dispose();
    expect(readdirSync(project.dir).filter((name) => name !== ".tool-output")).toEqual(["ok.txt"]);
  });

  it("existing: none can be changed, renamed away or replaced; the rest of .gong and .git stays writable", async () => {
    project = makeProject({ bash: { killGraceMs: 500, sandbox } });
    const dir = project.dir;
    execFileSync("git", ["init", "-q", dir]);
    for (const folder of [".gong/hooks", ".gong/worktrees", ".claude/commands"]) {
      mkdirSync(path.join(dir, folder), { recursive: true });
    }
    for (const file of [".gong/settings.json", ".claude/settings.json", ".mcp.json"]) {
      writeFileSync(path.join(dir, file), "{}\n");
    }
    const config = readFileSync(path.join(dir, ".git/config"), "utf8");
    const response = await project.call("bash", {
      command: [
        plantAll,
        "for d in .git .gong .claude .mcp.json; do mv $d $d.away 2>/dev/null && echo MOVED $d; done",
        "rm -rf .gong/hooks .claude/commands .mcp.json 2>/dev/null",
        "echo wt > .gong/worktrees/kept && git add -A && echo ADDED",
      ].join("; "),
    });
    for (const file of PLANTS) expect(response.text).toContain(`REFUSED ./${file}`);
    expect(response.text).not.toContain("MOVED");
    expect(response.text).toContain("ADDED");
    expect(readFileSync(path.join(dir, ".git/config"), "utf8")).toBe(config);
    expect(readFileSync(path.join(dir, ".gong/settings.json"), "utf8")).toBe("{}\n");
    expect(readFileSync(path.join(dir, ".mcp.json"), "utf8")).toBe("{}\n");
    expect(existsSync(path.join(dir, ".gong/hooks"))).toBe(true);
    expect(existsSync(path.join(dir, ".git/hooks/post-commit"))).toBe(false);
    expect(readFileSync(path.join(dir, ".gong/worktrees/kept"), "utf8")).toBe("wt\n");
  });

  it("a worktree's .git file and its repository's hooks stay read-only", async () => {
    project = makeProject({ bash: { killGraceMs: 500, sandbox } });
    const repo = project.file("repo");
    execFileSync("git", ["init", "-q", repo]);
    execFileSync("git", ["-C", repo, "commit", "-q", "--allow-empty", "-m", "x"], {
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: "t",
        GIT_AUTHOR_EMAIL: "t@t",
        GIT_COMMITTER_NAME: "t",
        GIT_COMMITTER_EMAIL: "t@t",
      },
    });
    const tree = project.file("tree");
    execFileSync("git", ["-C", repo, "worktree", "add", "-q", tree]);
    const pointer = readFileSync(path.join(tree, ".git"), "utf8");
    const response = await project.call(
      "bash",
      {
        command:
          'echo "gitdir: /elsewhere" > .git 2>/dev/null || echo REFUSED pointer; echo x > "$(git rev-parse --git-common-dir)/hooks/post-commit" 2>/dev/null || echo REFUSED hook',
      },
      { cwd: tree },
    );
    expect(response.text).toContain("REFUSED pointer");
    expect(response.text).toContain("REFUSED hook");
    expect(readFileSync(path.join(tree, ".git"), "utf8")).toBe(pointer);
  });

  it("a symbolic link named .gong cannot be pinned: the command is refused and does not run", async () => {
    project = makeProject({ bash: { killGraceMs: 500, sandbox } });
    mkdirSync(project.file("real"));
    symlinkSync("real", project.file(".gong"));
    const response = await project.call("bash", { command: "echo ran > ran.txt" });
    expect(response.status).toBe("error");
    expect(response.text).toContain(`${project.file(".gong")}`);
    expect(response.text).toContain("symbolic link");
    expect(existsSync(project.file("ran.txt"))).toBe(false);
  });
});

describe.skipIf(!probe.ok)(
  "sandbox — network false: a unix socket served from outside does not answer",
  () => {
    const connect = (socket: string) =>
      `${JSON.stringify(process.execPath)} -e 'require("net").connect(${JSON.stringify(socket)}).on("data", (d) => { console.log("REACHED", String(d)); process.exit(0); }).on("error", (e) => console.log("UNREACHABLE", e.code))'`;

    async function serve(
      socket: string,
    ): Promise<{ hits: () => number; close: () => Promise<void> }> {
      let hits = 0;
      const server = createServer((connection) => {
        hits++;
        connection.end("pong");
      });
      await new Promise<void>((resolve) => server.listen(socket, resolve));
      return {
        hits: () => hits,
        close: () => new Promise((resolve) => server.close(() => resolve())),
      };
    }

    it("a socket file in the project: refused inside (EACCES), answered outside and with the network on", async () => {
      project = makeProject({
        bash: { killGraceMs: 500, sandbox: probe.ok ? probe.sandbox : undefined },
      });
      const socket = project.file("served.sock");
      const server = await serve(socket);
      try {
        const closed = await project.call("bash", { command: connect(socket) });
        expect(closed.text).toContain("UNREACHABLE EACCES");
        expect(server.hits()).toBe(0);
        // socketpair (pipes between two processes) still works: node starts a child over one.
        const pair = await project.call("bash", {
          command: `${JSON.stringify(process.execPath)} -e 'require("child_process").spawnSync(process.execPath, ["-e", "1"], { stdio: ["pipe", "pipe", "pipe"] }).status === 0 && console.log("CHILD OK")'`,
        });
        expect(pair.text).toContain("CHILD OK");
        const open = probeSandbox(
          { mode: "workspace-write", network: true, writableRoots: [] },
          process.env.PATH ?? "",
        );
        if (!open.ok) throw new Error(open.error);
        // The same test reaches a server when the network is on: it can fail.
        const networked = makeProject({ bash: { killGraceMs: 500, sandbox: open.sandbox } });
        const other = await serve(networked.file("served.sock"));
        try {
          const reached = await networked.call("bash", {
            command: connect(networked.file("served.sock")),
          });
          expect(reached.text).toContain("REACHED pong");
          expect(other.hits()).toBe(1);
        } finally {
          await other.close();
          networked.cleanup();
        }
      } finally {
        await server.close();
      }
    });
  },
);
