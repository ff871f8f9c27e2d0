import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type FleetJobView, FleetQueue } from "@gong/fleet";
import {
  type MockStep,
  overloadedResponse,
  type RecordedRequest,
  type RedisServer,
  startRedisServer,
  textResponse,
  toolCallResponse,
} from "@gong/testing";
import { useMockLlmServer } from "@gong/testing/vitest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BIN, runGong, type Sandbox, sandbox, writeSettings } from "./harness.js";

// Through the built binaries: `gong worker` processes and `gong jobs` on a real
// redis-server (started on a free port for this file), sessions against the mock LLM.

const MINUTES = 60_000;
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.stop());

/** The prompt's job tag (`job-12`) as the model sees it in the first user message. */
function jobTag(request: RecordedRequest): string {
  const body = request.body as { messages: { content: unknown }[] };
  return /job-[\w-]+/.exec(JSON.stringify(body.messages[0]?.content))?.[0] ?? "unknown";
}

function turnsSoFar(request: RecordedRequest): number {
  return (request.body as { messages: unknown[] }).messages.length;
}

/** Answers every job with `done <tag>` after `delayMs`; `hold` may take a tag's answer over. */
let hold: ((request: RecordedRequest) => Promise<MockStep> | undefined) | undefined;
const mock = useMockLlmServer({
  fallback: (request) =>
    hold?.(request) ??
    textResponse(`done ${jobTag(request)}`, {
      usage: { input: 50, output: 5 },
      eventDelayMs: 40,
      eventsPerDelay: 1000,
    }),
});

interface WorkerProcess {
  child: ChildProcess;
  stderr: () => string;
}
const workers: WorkerProcess[] = [];
afterEach(async () => {
  hold = undefined;
  for (const { child } of workers.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  }
});

function startWorker(box: Sandbox, queue: string, extra: string[] = []): WorkerProcess {
  const child = spawn(
    process.execPath,
    [BIN, "worker", "--redis", redis.url, "--queue", queue, "--lock-duration", "3000", ...extra],
    { cwd: box.cwd, env: box.env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => (stderr += chunk));
  const worker = { child, stderr: () => stderr };
  workers.push(worker);
  return worker;
}

/** A git repository with one commit, for the jobs to check out. */
function makeRepo(box: Sandbox): string {
  const repo = path.join(box.cwd, "repo");
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: repo });
  execFileSync("git", ["init", "-q", "-b", "main", repo]);
  writeFileSync(path.join(repo, "README.md"), "a repo\n");
  git("add", ".");
  git("commit", "-qm", "first");
  return repo;
}

function writeTasks(box: Sandbox, tasks: object[]): string {
  const file = path.join(box.cwd, "tasks.jsonl");
  writeFileSync(file, tasks.map((task) => JSON.stringify(task)).join("\n"));
  return file;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 3 * MINUTES;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function finishedJobs(queue: string, count: number): Promise<FleetJobView[]> {
  const handle = await FleetQueue.open({ redisUrl: redis.url, queue });
  try {
    return await until(`${count} finished jobs on ${queue}`, async () => {
      const jobs = await handle.jobs(["completed", "failed"]);
      return jobs.length >= count ? jobs : undefined;
    });
  } finally {
    await handle.close();
  }
}

/** Every `job N: done` line the workers printed, per job id. */
function doneCounts(all: WorkerProcess[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const worker of all)
    for (const match of worker.stderr().matchAll(/job (\S+): done/g))
      counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  return counts;
}

async function submit(box: Sandbox, queue: string, tasks: object[]): Promise<string[]> {
  const run = await runGong(
    ["jobs", "submit", writeTasks(box, tasks), "--redis", redis.url, "--queue", queue],
    box,
  );
  expect(run.stderr).toContain(`${tasks.length} job(s) on queue ${queue}`);
  expect(run.code).toBe(0);
  return run.stdout.trim().split("\n");
}

describe("gong worker / gong jobs — a BullMQ queue on a real Redis", () => {
  it(
    "3 workers and 60 jobs: none lost, none done twice, also when one worker is killed with SIGKILL mid-job",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      const repo = makeRepo(box);
      const queue = "sixty";
      // job-7's first answer waits until its worker has been killed; once re-run
      // elsewhere it is answered like the others.
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let heldOnce = false;
      hold = (request) => {
        if (jobTag(request) !== "job-7" || heldOnce) return undefined;
        heldOnce = true;
        return released.then(() => textResponse("too late"));
      };
      const all = [0, 1, 2].map(() => startWorker(box, queue, ["--concurrency", "2"]));
      const tasks = Array.from({ length: 60 }, (_, n) => ({ repo, prompt: `answer as job-${n}` }));
      const ids = await submit(box, queue, tasks);
      expect(new Set(ids).size).toBe(60);
      const slowId = ids[7]!;
      const victim = await until("job-7 running", async () =>
        all.find((worker) => worker.stderr().includes(`job ${slowId}: started`)),
      );
      await until("job-7 asked the model", async () =>
        mock.requests.some((request) => jobTag(request) === "job-7") ? true : undefined,
      );
      victim.child.kill("SIGKILL");
      await new Promise((resolve) => victim.child.once("exit", resolve));
      release();

      const jobs = await finishedJobs(queue, 60);
      expect(jobs.filter((job) => job.state !== "completed")).toEqual([]);
      expect(jobs.map((job) => job.id).sort()).toEqual([...ids].sort());
      for (const [index, id] of ids.entries()) {
        const job = jobs.find((j) => j.id === id)!;
        expect(job.result?.output).toBe(`done job-${index}`);
        expect(job.result?.exitCode).toBe(0);
      }
      const slow = jobs.find((job) => job.id === slowId)!;
      // It ran again on another worker (its lock lapsed: BullMQ's stalled-job check).
      expect(slow.result?.worker.endsWith(`:${victim.child.pid}`)).toBe(false);
      expect(mock.requests.filter((request) => jobTag(request) === "job-7").length).toBe(2);
      // Each job reported done exactly once, counting what the killed worker finished.
      const counts = doneCounts(all);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
      expect(counts.size).toBe(60);
    },
    5 * MINUTES,
  );

  it(
    "a job for a repository that does not exist fails clearly and the worker goes on; a finished job holds its diff, usage and session",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      const repo = makeRepo(box);
      const queue = "missing";
      hold = (request) =>
        jobTag(request) === "job-write" && turnsSoFar(request) === 1
          ? Promise.resolve(
              toolCallResponse([
                { name: "write", arguments: { path: "notes/new.txt", content: "new\n" } },
              ]),
            )
          : undefined;
      startWorker(box, queue);
      const missing = path.join(box.cwd, "no-such-repo");
      const [missingId, goodId] = await submit(box, queue, [
        { repo: missing, prompt: "job-missing" },
        { repo, prompt: "job-write" },
      ]);
      await finishedJobs(queue, 2);
      const results = await runGong(
        ["jobs", "results", "--json", "--redis", redis.url, "--queue", queue],
        box,
      );
      expect(results.code).toBe(0);
      const views = results.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as FleetJobView);
      const failed = views.find((view) => view.id === missingId)!;
      expect(failed.state).toBe("failed");
      expect(failed.error).toBe(
        `repository ${missing} does not exist on this worker: give a git URL or a path to a git repository the worker can read`,
      );
      expect(failed.attempts).toBe(1); // UnrecoverableError: not retried
      const good = views.find((view) => view.id === goodId)!;
      expect(good.state).toBe("completed");
      expect(good.result).toMatchObject({ exitCode: 0, output: "done job-write", turns: 2 });
      expect(good.result?.usage.input).toBe(50);
      expect(good.result?.costUsd).toBeGreaterThan(0);
      expect(good.result?.diff).toContain("new file mode");
      expect(good.result?.diff).toContain("+++ b/notes/new.txt");
      expect(existsSync(good.result!.sessionFile!)).toBe(true);
      expect(good.progress).toEqual({ turn: 2, costUsd: good.result?.costUsd });
      const text = await runGong(["jobs", "results", "--redis", redis.url, "--queue", queue], box);
      expect(text.stdout).toContain(`${missingId}\tfailed\trepository ${missing} does not exist`);
    },
    5 * MINUTES,
  );

  it(
    "gong jobs cancel aborts a running job's session, which is saved; a waiting job is removed",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      const repo = makeRepo(box);
      const queue = "cancel";
      // The model never answers job-cancel: only the cancel ends it.
      hold = (request) =>
        jobTag(request) === "job-cancel"
          ? Promise.resolve({ ...textResponse(""), stallBeforeResponse: true })
          : undefined;
      const worker = startWorker(box, queue);
      const [runningId, waitingId] = await submit(box, queue, [
        { repo, prompt: "job-cancel" },
        { repo, prompt: "job-second" },
      ]);
      await until("job-cancel asked the model", async () =>
        mock.requests.some((request) => jobTag(request) === "job-cancel") ? true : undefined,
      );
      const removed = await runGong(
        ["jobs", "cancel", waitingId!, "--redis", redis.url, "--queue", queue],
        box,
      );
      expect(removed.stdout).toBe(`job ${waitingId}: removed before it started\n`);
      const cancel = await runGong(
        ["jobs", "cancel", runningId!, "--redis", redis.url, "--queue", queue],
        box,
      );
      expect(cancel.code).toBe(0);
      expect(cancel.stdout).toBe(
        `job ${runningId}: stopping: its session is interrupted and saved\n`,
      );
      const [job] = await finishedJobs(queue, 1);
      expect(job?.state).toBe("failed");
      const saved = /its session was saved: (\S+\.jsonl)$/.exec(job?.error ?? "")?.[1];
      expect(job?.error).toMatch(/^cancelled by gong jobs cancel; its session was saved: /);
      expect(readFileSync(saved!, "utf8")).toContain("job-cancel");
      expect(worker.stderr()).toContain(`job ${runningId}: failed: cancelled`);
      const unknown = await runGong(
        ["jobs", "cancel", "nope", "--redis", redis.url, "--queue", queue],
        box,
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("no job nope on queue cancel: gong jobs status lists them");
    },
    5 * MINUTES,
  );

  it(
    "a provider failure is retried by BullMQ with backoff; a task the agent failed is a result, not retried",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      writeSettings(box.gongHome, { retry: { maxRetries: 0 } });
      const repo = makeRepo(box);
      const queue = "retry";
      let overloaded = 0;
      hold = (request) => {
        const tag = jobTag(request);
        if (tag === "job-overloaded" && overloaded++ === 0)
          return Promise.resolve(overloadedResponse());
        if (tag === "job-refused")
          return Promise.resolve({ type: "error", status: 400, message: "bad request" });
        return undefined;
      };
      startWorker(box, queue);
      const [retriedId, refusedId] = await submit(box, queue, [
        { repo, prompt: "job-overloaded" },
        { repo, prompt: "job-refused" },
      ]);
      const jobs = await finishedJobs(queue, 2);
      const retried = jobs.find((job) => job.id === retriedId)!;
      expect(retried.state).toBe("completed");
      expect(retried.attempts).toBe(2);
      expect(retried.result?.output).toBe("done job-overloaded");
      const refused = jobs.find((job) => job.id === refusedId)!;
      expect(refused.state).toBe("completed");
      expect(refused.attempts).toBe(1);
      expect(refused.result?.exitCode).toBe(1);
    },
    5 * MINUTES,
  );

  it(
    "a worker given SIGTERM takes no more jobs, finishes the running one and exits 0",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      const repo = makeRepo(box);
      const queue = "sigterm";
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = (request) =>
        jobTag(request) === "job-first"
          ? released.then(() => textResponse("done job-first"))
          : undefined;
      const worker = startWorker(box, queue);
      const [firstId, secondId] = await submit(box, queue, [
        { repo, prompt: "job-first" },
        { repo, prompt: "job-second" },
      ]);
      await until("job-first asked the model", async () =>
        mock.requests.some((request) => jobTag(request) === "job-first") ? true : undefined,
      );
      const exited = new Promise<number | null>((resolve) => worker.child.once("exit", resolve));
      worker.child.kill("SIGTERM");
      await until("the worker says it is finishing", async () =>
        worker.stderr().includes("SIGTERM: finishing the running jobs") ? true : undefined,
      );
      release();
      expect(await exited).toBe(0);
      const handle = await FleetQueue.open({ redisUrl: redis.url, queue });
      try {
        const done = await handle.jobs(["completed"]);
        expect(done.map((job) => [job.id, job.result?.output])).toEqual([
          [firstId, "done job-first"],
        ]);
        const waiting = await handle.jobs(["waiting"]);
        expect(waiting.map((job) => job.id)).toEqual([secondId]);
      } finally {
        await handle.close();
      }
    },
    5 * MINUTES,
  );

  it(
    "--rate-limit 2 starts at most 2 jobs a minute across the queue's workers (BullMQ's limiter)",
    async () => {
      const box = sandbox(mock.anthropicBaseUrl);
      const repo = makeRepo(box);
      const queue = "rate";
      // Two workers with room for all three jobs at once: only the limiter holds one back.
      for (const _ of [0, 1]) startWorker(box, queue, ["--concurrency", "3", "--rate-limit", "2"]);
      const ids = await submit(
        box,
        queue,
        [0, 1, 2].map((n) => ({ repo, prompt: `job-rate-${n}` })),
      );
      const jobs = await finishedJobs(queue, 3);
      expect(jobs.map((job) => [job.id, job.state]).sort()).toEqual(
        ids.map((id) => [id, "completed"]).sort(),
      );
      const starts = jobs.map((job) => job.startedAt!).sort((a, b) => a - b);
      // Any 60 s hold at most two starts: the third waited for the first's minute to end.
      // BullMQ's window runs on Redis's clock, a start time is the worker's Date.now() when
      // it asked for the job: the two differ by the worker's lag (ms), not by a minute.
      expect(starts[2]! - starts[0]!).toBeGreaterThanOrEqual(59_000);
      expect(jobs.every((job) => job.finishedAt! >= job.startedAt!)).toBe(true);
    },
    5 * MINUTES,
  );

  it("a Redis that cannot be reached is one clear error and exit 1, for jobs and for a worker", async () => {
    const box = sandbox(mock.anthropicBaseUrl);
    const nowhere = "redis://127.0.0.1:1";
    const said = `cannot reach Redis at ${nowhere} (ECONNREFUSED): start redis-server there or give the right --redis <url> / GONG_REDIS_URL\n`;
    const status = await runGong(["jobs", "status", "--redis", nowhere], box);
    expect(status.stderr).toBe(`gong jobs status: ${said}`);
    expect(status.code).toBe(1);
    const worker = await runGong(["worker", "--redis", nowhere], box);
    expect(worker.stderr).toBe(`gong worker: ${said}`);
    expect(worker.code).toBe(1);
  });
});
