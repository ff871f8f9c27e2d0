// Fleet: `gong worker` processes on a real redis-server taking jobs from one BullMQ queue
// (`@gong/fleet`), each job a clone of a small repository and one `gong -p` against the
// mock LLM answering after 200 ms. 1, 2 and 4 workers (one job at a time each): jobs per
// minute, the scaling at 4 workers (goal ≥ 3.5×: the work is waiting on the model), and
// the time per job at 1 worker over a bare `gong -p` with the same flags (goal ≤ 150 ms).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FleetQueue } from "@gong/fleet";
import { startMockLlmServer, startRedisServer, textResponse } from "@gong/testing";
import { createAgent, runAgent } from "./agents.mjs";
import { attempt } from "./attempt.mjs";
import { summarize } from "./stats.mjs";

const MODEL_DELAY = { eventDelayMs: 200, eventsPerDelay: 10_000 };
const SCALING_GOAL = 3.5;
const OVERHEAD_GOAL_MS = 150;
const SANDBOX = ["--sandbox", "workspace-write"];

function makeRepo(root) {
  const repo = path.join(root, "repo");
  mkdirSync(repo);
  writeFileSync(path.join(repo, "README.md"), "a small repository\n");
  const git = (...args) =>
    execFileSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...args], { cwd: repo });
  git("init", "-q", "-b", "main");
  git("add", ".");
  git("commit", "-qm", "first");
  return repo;
}

/** Starts a `gong worker` and resolves once it takes jobs. */
function startWorker(agent, redisUrl, queue, cwd) {
  const args = [agent.bin, "worker", "--redis", redisUrl, "--queue", queue, ...agent.args(SANDBOX)];
  const child = spawn(process.execPath, args, {
    cwd,
    env: agent.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  return new Promise((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      if (stderr.includes("taking jobs from queue")) resolve(child);
    });
    child.once("exit", (code) =>
      reject(new Error(`gong worker exited ${code}: ${stderr.slice(-1000)}`)),
    );
  });
}

async function stopWorker(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Milliseconds from submitting `jobs` jobs to the last one done, with `workers` workers. */
async function fleetRun({ agent, redis, repo, cwd, workers, jobs, log }) {
  const queueName = `bench-${workers}-${Date.now()}`;
  const children = [];
  const queue = await FleetQueue.open({ redisUrl: redis.url, queue: queueName });
  try {
    for (let i = 0; i < workers; i++)
      children.push(await startWorker(agent, redis.url, queueName, cwd));
    const tasks = Array.from({ length: jobs }, (_, n) => ({ job: { repo, prompt: `job ${n}` } }));
    const started = performance.now();
    await queue.submit(tasks);
    for (;;) {
      const counts = await queue.counts();
      if (counts.failed > 0) throw new Error(`${counts.failed} job(s) failed`);
      if (counts.completed === jobs) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - started;
    log(`  ${workers} worker(s): ${jobs} jobs in ${(ms / 1000).toFixed(1)} s`);
    return ms;
  } finally {
    await Promise.all(children.map(stopWorker));
    await queue.close();
  }
}

/** A bare `gong -p --mode json` with the worker's flags, in a clone of the repository. */
async function bareRuns(agent, repo, root, reps) {
  const cwd = path.join(root, "bare");
  execFileSync("git", ["clone", "-q", repo, cwd]);
  const times = [];
  for (let i = 0; i < reps; i++) {
    const { ms } = await runAgent(agent, agent.args([...SANDBOX, "-p", "--mode", "json", "job"]), {
      cwd,
      measureRss: false,
    });
    times.push(ms);
  }
  return summarize(times);
}

export async function benchFleet({ jobs, bareReps }, log) {
  const root = mkdtempSync(path.join(tmpdir(), "gong-bench-fleet-"));
  const mock = await startMockLlmServer({ fallback: textResponse("done", MODEL_DELAY) });
  const redis = await startRedisServer();
  const agent = createAgent("gong", root, mock, {});
  const repo = makeRepo(root);
  const rows = [];
  try {
    const perMinute = {};
    for (const workers of [1, 2, 4]) {
      const name = `${jobs} jobs, 200 ms model answer, ${workers} worker${workers > 1 ? "s" : ""}`;
      await attempt(
        rows,
        "fleet",
        name,
        async () => {
          const ms = await fleetRun({ agent, redis, repo, cwd: root, workers, jobs, log });
          perMinute[workers] = (jobs * 60_000) / ms;
          const scaling = perMinute[1] ? perMinute[workers] / perMinute[1] : undefined;
          const note =
            workers === 4 && scaling !== undefined
              ? `scaling ${scaling.toFixed(2)}× over 1 worker (goal ≥ ${SCALING_GOAL}×): ${scaling >= SCALING_GOAL ? "met" : "MISSED"}`
              : scaling !== undefined && workers > 1
                ? `scaling ${scaling.toFixed(2)}× over 1 worker`
                : `${(ms / jobs).toFixed(0)} ms per job`;
          rows.push({
            section: "fleet",
            name,
            unit: "jobs/min",
            gong: summarize([perMinute[workers]]),
            note,
          });
          if (workers === 1) perMinute.msPerJob = ms / jobs;
        },
        log,
      );
    }
    await attempt(
      rows,
      "fleet",
      "  a job at 1 worker vs a bare gong -p",
      async () => {
        if (perMinute.msPerJob === undefined) throw new Error("the 1-worker run was not measured");
        const bare = await bareRuns(agent, repo, root, bareReps);
        const overhead = perMinute.msPerJob - bare.median;
        rows.push({
          section: "fleet",
          name: "  a job at 1 worker vs a bare gong -p",
          gong: summarize([perMinute.msPerJob]),
          raw: bare,
          rawLabel: "bare gong -p --mode json",
          note: `overhead ${overhead.toFixed(0)} ms per job (goal ≤ ${OVERHEAD_GOAL_MS} ms): ${overhead <= OVERHEAD_GOAL_MS ? "met" : "MISSED"}`,
        });
      },
      log,
    );
  } finally {
    await redis.stop();
    await mock.close();
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}
