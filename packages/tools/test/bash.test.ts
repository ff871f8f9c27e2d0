import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { liveProcessesInGroup } from "@gong/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signalGroup } from "../src/bash/process-tree.js";
import { ProcessGroups, type ToolResponse } from "../src/index.js";
import { makeProject, type Project } from "./helpers.js";

let project: Project;
beforeEach(() => {
  project = makeProject();
});
afterEach(() => project.cleanup());

function pgidFrom(text: string): number {
  const match = /PGID=(\d+)/.exec(text);
  if (!match) throw new Error(`no PGID in ${text}`);
  return Number(match[1]);
}

describe("J.2 bash — 1. basic execution", () => {
  it("1.1 simple command", async () => {
    const response = await project.call("bash", { command: "echo hello" });
    expect(response.status).toBe("success");
    expect(response.text).toBe("hello\n");
    expect(response.data).toMatchObject({
      stdout: "hello\n",
      exit_code: 0,
      truncated: false,
      full_output_path: null,
    });
  });

  it("1.2 non-zero exit code", async () => {
    const response = await project.call("bash", { command: "echo before; exit 1" });
    expect(response.status).toBe("error");
    expect(response.error?.code).toBe("EXECUTION_ERROR");
    expect(response.text).toMatch(
      /^before\n\nCommand exited with code 1\n\nRecommended next step:\n\* /,
    );
    expect(response.data.exit_code).toBe(1);
  });

  it("1.3 command prefix", async () => {
    const withPrefix = makeProject({ shellCommandPrefix: "export TEST_VAR=hello" });
    try {
      expect((await withPrefix.call("bash", { command: "echo $TEST_VAR" })).text).toBe("hello\n");
    } finally {
      withPrefix.cleanup();
    }
  });

  it("1.4 prefix and command output both visible", async () => {
    const withPrefix = makeProject({ shellCommandPrefix: "echo prefix_output" });
    try {
      const response = await withPrefix.call("bash", { command: "echo command_output" });
      expect(response.text).toBe("prefix_output\ncommand_output\n");
    } finally {
      withPrefix.cleanup();
    }
  });
});

describe("J.2 bash — 2. errors", () => {
  it("2.1 timeout", async () => {
    const started = Date.now();
    const response = await project.call("bash", { command: "echo started; sleep 60", timeout: 1 });
    // Far above the normal ~1 s (a loaded machine stalls), well below the 60 s sleep.
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(response.error?.code).toBe("TIMEOUT");
    expect(response.text).toContain("started");
    expect(response.text).toContain("Command timed out after 1 seconds");
    expect(response.data).toMatchObject({ timed_out: true, killed: true });
  });

  it("2.1b the timeout has a maximum: 3600 s runs, more is INVALID_PARAM (1e12 was accepted)", async () => {
    const longest = await project.call("bash", { command: "sleep 0.2; echo ok", timeout: 3600 });
    expect(longest.status).toBe("success");
    const tooLong = await project.call("bash", { command: "echo ran", timeout: 3601 });
    expect(tooLong.error?.code).toBe("INVALID_PARAM");
    expect(tooLong.text).toContain("timeout");
    expect(tooLong.text).not.toContain("ran");
  });

  it("2.2 working directory does not exist", async () => {
    const response = await project.call(
      "bash",
      { command: "echo test" },
      { cwd: "/this/directory/does/not/exist" },
    );
    expect(response.error?.code).toBe("NOT_FOUND");
    expect(response.text).toContain("/this/directory/does/not/exist");
  });

  it("2.3 spawn failure (no such shell)", async () => {
    const broken = makeProject({ shellPath: "/nonexistent/shell" });
    try {
      const response = await broken.call("bash", { command: "echo test" });
      expect(response.error?.code).toBe("EXECUTION_ERROR");
      expect(response.text).toContain("ENOENT");
    } finally {
      broken.cleanup();
    }
  });
});

describe("J.2 bash — 3. output", () => {
  it("3.1 big output: tail kept, exact totals, memory window bounded", async () => {
    const response = await project.call("bash", { command: "seq 1 100000" });
    expect(response.status).toBe("partial");
    expect(response.data.truncated).toBe(true);
    expect(response.data.total_lines).toBe(100000);
    const stdout = response.data.stdout as string;
    expect(stdout.endsWith("99999\n100000\n") || stdout.endsWith("99999\n100000")).toBe(true);
    expect(Buffer.byteLength(stdout)).toBeLessThanOrEqual(50 * 1024);
  });

  it("3.2 over 50 KB: the full output is in a log in the tool-output folder", async () => {
    const response = await project.call("bash", { command: "seq 1 20000" });
    const log = response.data.full_output_path as string;
    expect(log).toMatch(/^\.tool-output\/bash_.*\.log$/);
    const full = readFileSync(path.join(project.dir, log), "utf8");
    expect(full).toBe(`${Array.from({ length: 20000 }, (_, i) => i + 1).join("\n")}\n`);
    expect(response.text).toContain(`Full output: ${log}`);
    expect(readFileSync(path.join(project.dir, ".tool-output/.gitignore"), "utf8")).toBe("*\n");
  });

  it("3.1b 50 MB of output: nothing lost at the end, the log is complete", async () => {
    const response = await project.call("bash", {
      command: "head -c 50000000 /dev/zero | tr '\\0' 'a'; echo; echo LAST_LINE",
    });
    expect(response.data.stdout).toMatch(/^LAST_LINE\n?$/);
    expect(response.data.total_bytes).toBe(50_000_000 + 1 + 10);
    expect(response.data.total_lines).toBe(2);
    const { statSync } = await import("node:fs");
    expect(statSync(path.join(project.dir, response.data.full_output_path as string)).size).toBe(
      50_000_011,
    );
  });

  it("3.3 stdout and stderr merged in arrival order", async () => {
    const response = await project.call("bash", {
      command: "echo out1; echo err1 >&2; echo out2; echo err2 >&2",
    });
    expect(response.text).toBe("out1\nerr1\nout2\nerr2\n");
  });

  it("3.4 multibyte output cut at a character boundary", async () => {
    const response = await project.call("bash", {
      command: `node -e "process.stdout.write('你好世界'.repeat(30000))"`,
    });
    const stdout = response.data.stdout as string;
    expect(stdout).not.toContain("\uFFFD");
    expect(stdout.length).toBeGreaterThan(1000);
    expect(/^[你好世界]+$/.test(stdout)).toBe(true);
  });
});

describe("J.2 bash — 4. processes", () => {
  it("4.1 timeout kills the whole tree (checked with ps)", async () => {
    const response = await project.call("bash", {
      command: "echo PGID=$$; sleep 100 & sleep 100",
      timeout: 1,
    });
    expect(response.error?.code).toBe("TIMEOUT");
    expect(liveProcessesInGroup(pgidFrom(response.text))).toEqual([]);
  });

  it("4.2 pipe with SIGPIPE", async () => {
    const response = await project.call("bash", { command: "yes | head -5" });
    expect(response.status).toBe("success");
    expect(response.text).toBe("y\ny\ny\ny\ny\n");
  });

  it("4.3 environment inherited", async () => {
    const response = await project.call("bash", {
      command: "echo $HOME; echo $GIT_TERMINAL_PROMPT $PAGER",
    });
    expect(response.text).toBe(`${process.env.HOME}\n0 cat\n`);
  });

  it("4.4 a background child does not hang the call (pi and opencode hang here)", async () => {
    const started = Date.now();
    const response = await project.call("bash", {
      command: "echo PGID=$$; sleep 60 & echo started",
    });
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(response.status).toBe("success");
    expect(response.text).toContain("started");
    // The background sleep is still running (we return, we do not kill it): ps sees it.
    const pgid = pgidFrom(response.text);
    expect(liveProcessesInGroup(pgid).length).toBeGreaterThan(0);
    signalGroup(pgid, "SIGKILL");
  });

  it("4.5 a daemon holding stdout open does not hang the call", async () => {
    const started = Date.now();
    const response = await project.call("bash", {
      command: "echo PGID=$$; (while true; do sleep 1; echo tick; done) & echo up",
    });
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(response.text).toContain("up");
    signalGroup(pgidFrom(response.text), "SIGKILL");
  });

  it("4.6 streaming updates while the command runs, as sealed envelopes", async () => {
    const updates: string[] = [];
    const sealed: ToolResponse[] = [];
    const params = { command: "echo one; sleep 0.5; echo two; sleep 0.5; echo three" };
    await project.call("bash", params, {
      onUpdate: (partial) => {
        updates.push(partial.text);
        sealed.push(partial);
      },
    });
    expect(updates.length).toBeGreaterThan(0);
    expect(updates[0]).toContain("one");
    expect(
      sealed.every(
        (update) => update.status === "partial" && update.context.params_input === params,
      ),
    ).toBe(true);
  });
});

describe("J.2 bash — 5. pi regressions", () => {
  it("5.1 UTF-8 across chunk boundaries", async () => {
    const response = await project.call("bash", {
      command: `node -e "console.log('你好'.repeat(5000))"`,
    });
    expect(response.data.stdout).toBe(`${"你好".repeat(5000)}\n`);
  });

  it("5.2 interactive commands cannot hang (stdin /dev/null, non-interactive editor)", async () => {
    writeFileSync(project.file("f.txt"), "x");
    // A command waiting on the terminal would run into the timeout instead.
    const response = await project.call("bash", {
      command:
        "git init -q . && git add f.txt && git -c user.name=t -c user.email=t@t commit; read line; echo read=$?",
      timeout: 15,
    });
    expect(response.error?.code).not.toBe("TIMEOUT");
    expect(response.text).toContain("read=1");
  });

  it("5.3 abort kills the process group (checked with ps)", async () => {
    const controller = new AbortController();
    let pgid = 0;
    const pending = project.call(
      "bash",
      { command: "echo PGID=$$; sleep 100 & sleep 100 & wait" },
      {
        signal: controller.signal,
        onUpdate: (partial) => {
          if (!pgid && /PGID=\d+/.test(partial.text)) {
            pgid = pgidFrom(partial.text);
            controller.abort();
          }
        },
      },
    );
    const response = await pending;
    expect(response.error?.code).toBe("ABORTED");
    expect(response.text).toContain("Command aborted");
    expect(pgid).toBeGreaterThan(0);
    expect(liveProcessesInGroup(pgid)).toEqual([]);
  });

  it("5.4 bash syntax, not sh", async () => {
    const arrayLength = ["$", "{#a[@]}"].join("");
    const command = `if [[ -f /etc/hosts ]]; then echo yes; fi; a=(1 2 3); echo ${arrayLength}; cat <(echo sub)`;
    const response = await project.call("bash", { command });
    expect(response.text).toBe("yes\n3\nsub\n");
  });

  it("5.5 truncation line counts are exact", async () => {
    const small = makeProject({ bash: { maxLines: 100 } });
    try {
      const response = await small.call("bash", { command: "seq 1 150" });
      expect(response.text).toContain("[Showing lines 51-150 of 150 (100-line limit");
      expect((response.data.stdout as string).split("\n")[0]).toBe("51");
      expect(existsSync(path.join(small.dir, response.data.full_output_path as string))).toBe(true);
    } finally {
      small.cleanup();
    }
  });

  it("5.6 invalid parameter types", async () => {
    for (const params of [{ command: null }, { command: 42 }, { command: "ls", timeout: "5" }]) {
      const response = await project.call("bash", params);
      expect(response.error?.code).toBe("INVALID_PARAM");
    }
  });
});

describe("J.8 4.2 bash truncation notice states the limit and the original size", () => {
  it("4.2 80 KB of output", async () => {
    writeFileSync(project.file("large.log"), `${"x".repeat(99)}\n`.repeat(820));
    const response = await project.call("bash", { command: "cat large.log" });
    expect(response.text).toMatch(
      /\[Showing lines \d+-820 of 820 \(50\.0KB limit; full output 80\.1KB\)\. Full output: \.tool-output\/bash_/,
    );
    expect(response.data.total_bytes).toBe(82000);
  });
});

describe("regression — bash honours a maxBytes above 50 KB (its window was fixed at 100 KB)", () => {
  const seq = (from: number, to: number) =>
    `${Array.from({ length: to - from + 1 }, (_, i) => from + i).join("\n")}\n`;

  it("seq 1 40000 (229 KB) within maxBytes 300 KB comes back whole, with no log", async () => {
    const wide = makeProject({ bash: { maxBytes: 300 * 1024, maxLines: 100_000 } });
    try {
      const response = await wide.call("bash", { command: "seq 1 40000" });
      expect(response.status).toBe("success");
      expect(response.data).toMatchObject({ truncated: false, full_output_path: null });
      expect(response.data.stdout).toBe(seq(1, 40000));
    } finally {
      wide.cleanup();
    }
  });

  it("past the window the kept tail fills maxBytes and starts at a whole line", async () => {
    const wide = makeProject({ bash: { maxBytes: 300 * 1024, maxLines: 1_000_000 } });
    try {
      const response = await wide.call("bash", { command: "seq 1 200000" });
      const lines = (response.data.stdout as string).split("\n");
      const first = 200000 - lines.length + 1;
      expect(lines[0]).toBe(String(first));
      expect(Buffer.byteLength(response.data.stdout as string)).toBeGreaterThan(300 * 1024 - 7);
      expect(response.text).toContain(`[Showing lines ${first}-200000 of 200000 (300.0KB limit`);
    } finally {
      wide.cleanup();
    }
  });

  it("a single 200 KB line still keeps its last 50 KB", async () => {
    const response = await project.call("bash", {
      command: "head -c 200000 /dev/zero | tr '\\0' a; echo",
    });
    expect(response.data.stdout).toBe("a".repeat(50 * 1024));
    expect(response.text).toContain("[Showing the last 50.0KB of line 1");
  });
});

describe("processes — background jobs live for the session", () => {
  it("a job that keeps printing runs on after the call returns, and is gone after dispose", async () => {
    const processes = new ProcessGroups();
    const session = makeProject({ processes });
    try {
      const response = await session.call("bash", {
        command: "echo PGID=$$; (while :; do echo tick; sleep 0.05; done) &",
      });
      expect(response.status).toBe("success");
      const pgid = pgidFrom(response.text);
      // The job prints every 50 ms: with its pipe closed, it would die of SIGPIPE at once.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(liveProcessesInGroup(pgid).length).toBeGreaterThan(0);
      await processes.dispose();
      expect(liveProcessesInGroup(pgid)).toEqual([]);
    } finally {
      session.cleanup();
    }
  });
});
