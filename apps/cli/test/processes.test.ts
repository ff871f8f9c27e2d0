import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  isProcessAlive,
  liveProcessesInGroup,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { describe, expect, it } from "vitest";
import { type GongRun, runGong, type Sandbox, sandbox, waitFor } from "./harness.js";

const mock = useMockLlmServer();

function readPid(box: Sandbox, name: string): number {
  return Number(readFileSync(path.join(box.cwd, name), "utf8").trim());
}

/**
 * A background job that writes its pid to job.pid, then every 50 ms prints a line and
 * appends one to job.ticks (so a check can see it still run); it ignores TERM when
 * asked, so only a KILL ends it.
 */
function startJob(ignoreTerm = false): string {
  const trap = ignoreTerm ? `trap "" TERM; ` : "";
  const loop = "while :; do echo tick; echo tick >> job.ticks; sleep 0.05; done";
  return `${trap}sh -c 'echo $$ > job.pid; ${loop}' & echo started`;
}

/** The model starts the job with bash, then answers slowly and never finishes. */
function enqueueJobThenStall(ignoreTerm = false): void {
  mock.enqueue([
    toolCallResponse([
      { id: "toolu_job", name: "bash", arguments: { command: startJob(ignoreTerm) } },
    ]),
    textResponse("still thinking about it", { stallAfterEvents: 2 }),
  ]);
}

interface StartedRun {
  child: ChildProcess;
  running: Promise<GongRun>;
  jobPid: number;
  /** What gong has written to stdout so far. */
  stdout: () => string;
}

/** Starts gong, waits until the job runs and the model's second answer hangs. */
async function runUntilJobStarted(box: Sandbox, args: string[]): Promise<StartedRun> {
  let child: ChildProcess | undefined;
  let stdout = "";
  const running = runGong(args, box, {
    onSpawn: (c) => {
      child = c;
      c.stdout!.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
      });
    },
  });
  const pidFile = path.join(box.cwd, "job.pid");
  await waitFor(() => mock.requests.length === 2 && existsSync(pidFile));
  await waitFor(() => readFileSync(pidFile, "utf8").endsWith("\n"));
  return { child: child!, running, jobPid: readPid(box, "job.pid"), stdout: () => stdout };
}

describe("processes — background jobs live for the session", () => {
  it("a job started by bash keeps running (and printing) through the session and is gone after a normal exit", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue([
      toolCallResponse([{ id: "toolu_job", name: "bash", arguments: { command: startJob() } }]),
      toolCallResponse([
        {
          id: "toolu_check",
          name: "bash",
          // Not `kill -0`: a job killed by SIGPIPE lingers as a zombie here (no reaping init).
          arguments: {
            command:
              "a=$(wc -l < job.ticks); sleep 0.5; b=$(wc -l < job.ticks); echo ticked $((b - a)) times",
          },
        },
      ]),
      textResponse("The server runs."),
    ]);
    const run = await runGong(["-p", "start the server and check it"], box);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("The server runs.\n");
    // After its call returned, the job went on printing and counting for half a second.
    const ticked = /ticked (\d+) times/.exec(JSON.stringify(mock.requests[2]!.body));
    expect(Number(ticked?.[1])).toBeGreaterThan(0);
    expect(isProcessAlive(readPid(box, "job.pid"))).toBe(false);
  });

  it("SIGTERM: exit 143 and the job is gone", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    enqueueJobThenStall();
    const { child, running, jobPid } = await runUntilJobStarted(box, ["-p", "start the server"]);
    expect(isProcessAlive(jobPid)).toBe(true);
    child.kill("SIGTERM");
    const run = await running;
    expect(run.code).toBe(143);
    expect(run.stderr).toBe("gong: aborted\n");
    // The KILL is sent before gong exits; the kernel may take a moment to end the job.
    await waitFor(() => !isProcessAlive(jobPid));
  });

  it("SIGHUP (the terminal closed): exit 129 and the job is gone", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    enqueueJobThenStall();
    const { child, running, jobPid } = await runUntilJobStarted(box, ["-p", "start the server"]);
    child.kill("SIGHUP");
    const run = await running;
    expect(run.code).toBe(129);
    // The KILL is sent before gong exits; the kernel may take a moment to end the job.
    await waitFor(() => !isProcessAlive(jobPid));
  });

  it("a second SIGINT while a job that ignores TERM is being stopped: exit 130 and the job is gone", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    enqueueJobThenStall(true);
    const started = await runUntilJobStarted(box, ["--mode", "json", "-p", "start the server"]);
    const { child, running, jobPid } = started;
    child.kill("SIGINT");
    // The run is over (agent_end): the session is closing and gives the job TERM and a
    // grace period, which it ignores. The second Ctrl+C cannot wait for that.
    await waitFor(() => started.stdout().includes('"type":"agent_end"'));
    expect(isProcessAlive(jobPid)).toBe(true);
    child.kill("SIGINT");
    const run = await running;
    expect(run.code).toBe(130);
    expect(run.stderr).toBe("gong: aborted\n");
    // The KILL is sent before gong exits; the kernel may take a moment to end the job.
    await waitFor(() => !isProcessAlive(jobPid));
  });
});

describe("processes — background jobs of a gong killed with -9 end when the session is next opened", () => {
  it("kill -9 leaves the job running; `gong -c` ends it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    // Quiet: a job printing to the pipe of a dead gong would die of SIGPIPE on its own.
    const quietJob = "sh -c 'echo $$ > job.pid; while :; do sleep 0.05; done' >/dev/null 2>&1 &";
    mock.enqueue([
      toolCallResponse([{ id: "toolu_job", name: "bash", arguments: { command: quietJob } }]),
      textResponse("still thinking about it", { stallAfterEvents: 2 }),
    ]);
    const { child, running, jobPid } = await runUntilJobStarted(box, ["-p", "start the server"]);
    try {
      child.kill("SIGKILL");
      expect((await running).code).toBeNull();
      // Nothing could end it: gong had no chance to.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(isProcessAlive(jobPid)).toBe(true);
      mock.enqueue(textResponse("Back again."));
      const resumed = await runGong(["-c", "-p", "go on"], box);
      expect(resumed.code).toBe(0);
      await waitFor(() => !isProcessAlive(jobPid));
      // Both ledgers are gone: the dead gong's (ended) and the resumed one's (exited normally).
      expect(readdirSync(path.join(box.gongHome, "jobs"))).toEqual([]);
    } finally {
      if (isProcessAlive(jobPid)) process.kill(jobPid, "SIGKILL");
    }
  });
});

describe("processes — Ctrl+C / SIGTERM exit non-zero in print and json mode", () => {
  /** The model calls bash `sleep 30`, which records its process group first. */
  function enqueueSleep(): void {
    mock.enqueue([
      toolCallResponse([
        { id: "toolu_sleep", name: "bash", arguments: { command: "echo $$ > tool.pid; sleep 30" } },
      ]),
      textResponse("slept"),
    ]);
  }

  async function signalDuringTool(args: string[], signal: NodeJS.Signals) {
    const box = sandbox(mock.anthropicBaseUrl);
    enqueueSleep();
    let child: ChildProcess | undefined;
    const running = runGong(args, box, { onSpawn: (c) => (child = c) });
    const pidFile = path.join(box.cwd, "tool.pid");
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").endsWith("\n"));
    const pgid = readPid(box, "tool.pid");
    expect(liveProcessesInGroup(pgid).length).toBeGreaterThan(0);
    child!.kill(signal);
    return { run: await running, pgid };
  }

  it("SIGINT while the model streams (json mode): exit 130, gong: aborted", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("a long answer that never finishes", { stallAfterEvents: 3 }));
    let child: ChildProcess | undefined;
    let stdout = "";
    const running = runGong(["--mode", "json", "-p", "explain"], box, {
      onSpawn: (c) => {
        child = c;
        c.stdout!.on("data", (chunk: Buffer) => {
          stdout += chunk.toString("utf8");
        });
      },
    });
    await waitFor(() => stdout.includes('"message_update"'));
    child!.kill("SIGINT");
    const run = await running;
    expect(run.code).toBe(130);
    expect(run.stderr).toBe("gong: aborted\n");
  });

  it("SIGINT while bash runs (print mode): exit 130, gong: aborted, the tool's process tree is gone", async () => {
    const { run, pgid } = await signalDuringTool(["-p", "sleep a while"], "SIGINT");
    expect(run.code).toBe(130);
    expect(run.stderr).toBe("gong: aborted\n");
    expect(run.stdout).toBe("");
    expect(liveProcessesInGroup(pgid)).toEqual([]);
  });

  it("SIGINT while bash runs (json mode): exit 130", async () => {
    const { run, pgid } = await signalDuringTool(["--mode", "json", "-p", "sleep"], "SIGINT");
    expect(run.code).toBe(130);
    expect(run.stderr).toBe("gong: aborted\n");
    expect(liveProcessesInGroup(pgid)).toEqual([]);
  });

  it("SIGTERM while bash runs (print mode): exit 143, the tool's process tree is gone", async () => {
    const { run, pgid } = await signalDuringTool(["-p", "sleep a while"], "SIGTERM");
    expect(run.code).toBe(143);
    expect(run.stderr).toBe("gong: aborted\n");
    expect(liveProcessesInGroup(pgid)).toEqual([]);
  });
});

describe("processes — an open stdin never blocks", () => {
  it("with a prompt argument, a stdin pipe that never delivers nor closes does not stop the run", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Went ahead."));
    const run = await runGong(["-p", "go"], box, { openStdin: true });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Went ahead.\n");
    expect(JSON.stringify(mock.requests[0]!.body)).toContain("go");
  });

  it("piped text is still appended to the prompt", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("A stack trace."));
    const run = await runGong(["-p", "why"], box, { input: "Error: boom at log.ts:7\n" });
    expect(run.code).toBe(0);
    const text = JSON.stringify(mock.requests[0]!.body);
    expect(text).toContain("why");
    expect(text).toContain("Error: boom at log.ts:7");
  });

  it("once piped text flows it is read to the end, however slowly the rest comes", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Both parts."));
    const run = await runGong(["-p", "why"], box, {
      openStdin: true,
      onSpawn: (child) => {
        child.stdin!.write("first part\n");
        // Well past the first-byte grace period.
        setTimeout(() => child.stdin!.end("second part\n"), 800);
      },
    });
    expect(run.code).toBe(0);
    const text = JSON.stringify(mock.requests[0]!.body);
    expect(text).toContain("first part");
    expect(text).toContain("second part");
  });

  it("without a prompt argument stdin is the prompt: gong waits for it", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    mock.enqueue(textResponse("Late but here."));
    const run = await runGong(["-p"], box, {
      openStdin: true,
      onSpawn: (child) => {
        setTimeout(() => child.stdin!.end("a prompt that comes late\n"), 800);
      },
    });
    expect(run.code).toBe(0);
    expect(JSON.stringify(mock.requests[0]!.body)).toContain("a prompt that comes late");
  });
});
