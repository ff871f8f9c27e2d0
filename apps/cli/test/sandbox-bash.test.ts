/**
 * bash under bubblewrap through the gong binary (ARCHITECTURE §9 "Sandbox for bash").
 * The kernel tests need a working bwrap: CI installs the Debian package `bubblewrap`;
 * a machine without it (or refusing user namespaces) skips them and says why. The test
 * that bwrap is missing runs everywhere.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import path from "node:path";
import {
  bwrapUnusable,
  isProcessAlive,
  liveProcessesInGroup,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonLines, runGong, type Sandbox, sandbox, waitFor, writeSettings } from "./harness.js";

const mock = useMockLlmServer();

const bwrapProblem = bwrapUnusable();
const kernel = bwrapProblem
  ? `sandbox — skipped: bwrap is not usable here (${bwrapProblem}); CI installs bubblewrap`
  : "sandbox — bash under bubblewrap";

interface BashEnd {
  result: { status: string; error?: { code: string }; text: string; data: { stdout?: string } };
  /** The run's `warning` events. */
  warnings: string[];
}

/** One bash call in json mode; the result of that call. */
async function bashOnce(box: Sandbox, command: string, args: string[] = []): Promise<BashEnd> {
  mock.enqueue([
    toolCallResponse([{ id: "toolu_sh", name: "bash", arguments: { command } }]),
    textResponse("done"),
  ]);
  const run = await runGong([...args, "--mode", "json", "-p", "run it"], box);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const ends = jsonLines(run.stdout).filter((line) => line.type === "tool_execution_end");
  expect(ends).toHaveLength(1);
  const warnings = jsonLines(run.stdout)
    .filter((line) => line.type === "warning")
    .map((line) => String(line.message));
  return { ...(ends[0] as unknown as BashEnd), warnings };
}

/** A folder outside the project that exists for the test (and is not under the private /tmp). */
function outsideFolder(): string {
  const folder = mkdtempSync(path.join(existsSync("/var/tmp") ? "/var/tmp" : "/tmp", "gong-out-"));
  made.push(folder);
  return folder;
}
const made: string[] = [];
afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(bwrapProblem !== undefined)(kernel, () => {
  it("workspace-write: a write inside the project works, one outside fails, leaves no file, and the result says the sandbox refused it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const outside = path.join(outsideFolder(), "outside.txt");
    const end = await bashOnce(box, `echo inside > inside.txt && echo outside > ${outside}`, [
      "--sandbox",
      "workspace-write",
    ]);
    expect(readFileSync(path.join(box.cwd, "inside.txt"), "utf8")).toBe("inside\n");
    expect(existsSync(outside)).toBe(false);
    expect(end.result.status).toBe("error");
    expect(end.result.text).toContain("Read-only file system");
    expect(end.result.text).toContain("the sandbox (workspace-write) refused a write");
    expect(end.result.text).toContain("sandbox");
    expect(end.result.text).toContain("writableRoots");
    // The model was told before its first command.
    expect(JSON.stringify(mock.requests[0]!.body)).toContain(
      "Commands run in a sandbox: only the project, the allowed folders and /tmp are writable",
    );
  });

  it("settings sandbox.writableRoots makes a folder outside the project writable", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const cache = outsideFolder();
    const other = outsideFolder();
    writeSettings(box.gongHome, { sandbox: { mode: "workspace-write", writableRoots: [cache] } });
    const end = await bashOnce(box, `echo cached > ${cache}/entry; echo other > ${other}/entry`);
    expect(readFileSync(path.join(cache, "entry"), "utf8")).toBe("cached\n");
    // Still sandboxed: only the named folder was added.
    expect(existsSync(path.join(other, "entry"))).toBe(false);
    expect(end.result.text).toContain("Read-only file system");
  });

  it("read-only: even a write inside the project is refused", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const end = await bashOnce(box, "cat /etc/hostname > /dev/null && echo inside > inside.txt", [
      "--sandbox",
      "read-only",
    ]);
    expect(existsSync(path.join(box.cwd, "inside.txt"))).toBe(false);
    expect(end.result.text).toContain("the sandbox (read-only) refused a write");
  });

  it("a project's settings may only tighten: its mode off and its writableRoots are ignored", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const outside = outsideFolder();
    writeSettings(box.gongHome, { sandbox: { mode: "workspace-write" } });
    writeSettings(path.join(box.cwd, ".gong"), {
      sandbox: { mode: "off", network: true, writableRoots: [outside] },
    });
    const end = await bashOnce(box, `echo x > ${outside}/planted`, ["--trust"]);
    expect(existsSync(path.join(outside, "planted"))).toBe(false);
    expect(end.result.text).toContain("Read-only file system");
    expect(end.warnings).toEqual([
      expect.stringContaining(
        "sandbox.mode (off), sandbox.network (true), sandbox.writableRoots ignored: a project's sandbox settings may only tighten the user's",
      ),
    ]);
  });

  it("a project's settings may tighten, trusted or not: its read-only applies over the user's off", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    writeSettings(path.join(box.cwd, ".gong"), { sandbox: { mode: "read-only" } });
    const end = await bashOnce(box, "echo x > inside.txt");
    expect(existsSync(path.join(box.cwd, "inside.txt"))).toBe(false);
    expect(end.result.text).toContain("the sandbox (read-only) refused a write");
  });

  describe("network", () => {
    let server: Server;
    let port = 0;
    let hits = 0;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        hits++;
        response.end("pong");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    // bash's /dev/tcp: no curl needed. With a network namespace of its own the command
    // sees only its own loopback, where nothing listens: refused at once.
    const connect = () =>
      `if (exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3) 2>/dev/null; then echo; echo REACHED; else echo UNREACHABLE; fi`;

    it("network false: a 127.0.0.1 server of the host is unreachable from inside", async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      writeSettings(box.gongHome, { sandbox: { mode: "workspace-write", network: false } });
      const before = hits;
      const end = await bashOnce(box, connect());
      expect(end.result.data.stdout).toContain("UNREACHABLE");
      expect(hits).toBe(before);
    });

    it("network false: a unix socket in the project served from outside does not answer (issue 34 item 10)", async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      writeSettings(box.gongHome, { sandbox: { mode: "workspace-write", network: false } });
      const socket = path.join(box.cwd, "served.sock");
      let unixHits = 0;
      const unixServer = createNetServer((connection) => {
        unixHits++;
        connection.end("pong");
      });
      await new Promise<void>((resolve) => unixServer.listen(socket, resolve));
      try {
        const end = await bashOnce(
          box,
          `${JSON.stringify(process.execPath)} -e 'require("net").connect("served.sock").on("data", (d) => console.log("REACHED", String(d))).on("error", (e) => console.log("UNREACHABLE", e.code))'`,
        );
        expect(end.result.data.stdout).toContain("UNREACHABLE EACCES");
        expect(unixHits).toBe(0);
      } finally {
        await new Promise<void>((resolve) => unixServer.close(() => resolve()));
      }
    });

    it("network true: the same server answers", async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      const outside = outsideFolder();
      writeSettings(box.gongHome, { sandbox: { mode: "workspace-write", network: true } });
      const end = await bashOnce(box, `echo x > ${outside}/entry 2>/dev/null; ${connect()}`);
      expect(existsSync(path.join(outside, "entry"))).toBe(false); // sandboxed all the same
      expect(end.result.data.stdout).toContain("pong");
      expect(end.result.data.stdout).toContain("REACHED");
    });
  });

  describe("planted files that would run later, unsandboxed (issue 34 item 1)", () => {
    /** A trusted git project under workspace-write with the network off, no --yes. */
    function trustedRepo(): Sandbox {
      const box = sandbox(mock.anthropicBaseUrl);
      execFileSync("git", ["init", "-q", box.cwd]);
      writeSettings(box.gongHome, {
        trustedFolders: [box.cwd],
        sandbox: { mode: "workspace-write", network: false },
      });
      return box;
    }

    it("the shell-assembled .gong/settings.local.json with hooks is refused, and the next start runs no hook", async () => {
      const box = trustedRepo();
      const marker = path.join(outsideFolder(), "hook-ran");
      const planted = JSON.stringify({
        hooks: { SessionStart: [{ hooks: [{ type: "command", command: `touch ${marker}` }] }] },
      });
      const end = await bashOnce(
        box,
        `d=.g; d=\${d}ong; mkdir -p $d; echo '${planted}' > $d/settings.local.json`,
      );
      expect(end.result.status).toBe("error");
      expect(end.result.text).toContain("Read-only file system");
      expect(end.result.text).toContain("which stay read-only");
      expect(existsSync(path.join(box.cwd, ".gong", "settings.local.json"))).toBe(false);
      mock.enqueue([textResponse("next")]);
      const next = await runGong(["-p", "hello"], box);
      expect(next.code).toBe(0);
      expect(existsSync(marker)).toBe(false);
    });

    it(".git/hooks/post-commit and .git/config are refused, and the user's next commit runs nothing", async () => {
      const box = trustedRepo();
      const marker = path.join(outsideFolder(), "hook-ran");
      const end = await bashOnce(
        box,
        `h=.gi; h=\${h}t/hooks; printf '#!/bin/sh\ntouch ${marker}\n' > $h/post-commit; chmod +x $h/post-commit; git config core.hooksPath /tmp/x`,
      );
      expect(end.result.status).toBe("error");
      expect(existsSync(path.join(box.cwd, ".git", "hooks", "post-commit"))).toBe(false);
      expect(readFileSync(path.join(box.cwd, ".git", "config"), "utf8")).not.toContain("hooksPath");
      execFileSync("git", ["-C", box.cwd, "commit", "-q", "--allow-empty", "-m", "user"], {
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "u",
          GIT_AUTHOR_EMAIL: "u@u",
          GIT_COMMITTER_NAME: "u",
          GIT_COMMITTER_EMAIL: "u@u",
        },
      });
      expect(existsSync(marker)).toBe(false);
    });

    it("a new .mcp.json is refused, and the project is left as it was", async () => {
      const box = trustedRepo();
      const server = JSON.stringify({ mcpServers: { x: { command: "touch", args: ["/x"] } } });
      const end = await bashOnce(box, `f=.mcp; echo '${server}' > \${f}.json`);
      expect(end.result.status).toBe("error");
      expect(existsSync(path.join(box.cwd, ".mcp.json"))).toBe(false);
    });
  });

  it("a background job started under the sandbox outlives its call, runs in the next, and ends with the session", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_job",
          name: "bash",
          arguments: {
            command: "(while :; do date +%s%N >> ticks; sleep 0.05; done) & echo $! > job.pid",
          },
        },
      ]),
      toolCallResponse([
        {
          id: "toolu_check",
          name: "bash",
          arguments: {
            command: "a=$(wc -l < ticks); sleep 0.5; b=$(wc -l < ticks); echo ticked $((b - a))",
          },
        },
      ]),
      textResponse("done"),
    ]);
    const run = await runGong(["--sandbox", "workspace-write", "-p", "start it"], box);
    expect(run.code).toBe(0);
    const ticked = /ticked (\d+)/.exec(JSON.stringify(mock.requests[2]!.body));
    expect(Number(ticked?.[1])).toBeGreaterThan(0);
    const jobPid = Number(readFileSync(path.join(box.cwd, "job.pid"), "utf8"));
    await waitFor(() => !isProcessAlive(jobPid));
  });

  it("SIGINT during a sandboxed `sleep 30` in print mode: exit 130 and no process of the tree is left", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([
        {
          id: "toolu_sleep",
          name: "bash",
          arguments: { command: "sleep 30 & echo $! > sleep.pid; echo $$ > shell.pid; wait" },
        },
      ]),
      textResponse("not reached"),
    ]);
    let child: import("node:child_process").ChildProcess | undefined;
    const running = runGong(["--sandbox", "workspace-write", "-p", "sleep"], box, {
      onSpawn: (spawned) => {
        child = spawned;
      },
    });
    const pidFile = path.join(box.cwd, "shell.pid");
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"));
    const shellPid = Number(readFileSync(pidFile, "utf8"));
    const stat = readFileSync(`/proc/${shellPid}/stat`, "utf8");
    const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
    // The group holds bwrap, the shell and sleep.
    expect(liveProcessesInGroup(pgid).some((line) => line.includes("bwrap"))).toBe(true);
    expect(liveProcessesInGroup(pgid).some((line) => line.includes("sleep 30"))).toBe(true);
    child!.kill("SIGINT");
    const run = await running;
    expect(run.code).toBe(130);
    await waitFor(() => liveProcessesInGroup(pgid).length === 0);
  });
});

describe("sandbox — a mode other than off never falls back silently", () => {
  it("bwrap not on PATH: exit 2 with one line naming the package", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const emptyBin = mkdtempSync(path.join(box.home, "bin-"));
    const run = await runGong(["--sandbox", "workspace-write", "-p", "hi"], {
      cwd: box.cwd,
      env: { ...box.env, PATH: emptyBin },
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("bubblewrap");
    expect(run.stderr).toContain("apt install bubblewrap");
    expect(mock.requests).toHaveLength(0);
  });
});
