import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { probeSandbox } from "@gong/tools";
import { type Job, UnrecoverableError, Worker } from "bullmq";
import { CheckoutError, checkout, diffSince } from "./checkout.js";
import { classifyOutcome } from "./classify.js";
import {
  cancelChannel,
  cancelKey,
  connectRedis,
  DEFAULT_QUEUE,
  type QueueAddress,
} from "./connection.js";
import type { FleetJob, FleetResult } from "./job.js";
import { runSession, type SessionOutcome } from "./session-run.js";

export interface FleetWorkerOptions extends QueueAddress {
  /** How to start gong: `[process.execPath, "/…/gong/dist/bin.js"]`. */
  gongCommand: readonly string[];
  /** The worker's session flags (`--provider`, `--model`, `--sandbox`, …): every job's defaults. */
  sessionArgs?: readonly string[];
  /** Jobs run at once by this worker (default 1). */
  concurrency?: number;
  /**
   * How long a job's lock lasts without renewal (default 30 000 ms): a worker that died
   * mid-job has its job picked up by another within about this long (stalled-job check).
   */
  lockDurationMs?: number;
  /** Jobs started per `durationMs` across all workers of the queue (a provider's rate limit). */
  rateLimit?: { max: number; durationMs: number };
  /** The sessions' environment (default `process.env`); a job's `env` is added to it. */
  env?: NodeJS.ProcessEnv;
  /** Where checkouts go (default the temp dir); each job's folder is removed after it. */
  scratchDir?: string;
  /** One line per job event (started, done, failed), for the worker's terminal. */
  log?: (line: string) => void;
}

export interface FleetWorker {
  /** `host:pid`, stored in each result's `worker`. */
  readonly name: string;
  /** Stops taking jobs and waits for the running ones to finish. */
  close(): Promise<void>;
}

/**
 * `--sandbox workspace-write` where bubblewrap works and the worker did not choose a
 * mode itself: an agent on a queue runs unattended on code it did not write.
 */
function sandboxArgs(sessionArgs: readonly string[], env: NodeJS.ProcessEnv): string[] {
  if (sessionArgs.some((arg) => arg === "--sandbox" || arg.startsWith("--sandbox="))) return [];
  const probe = probeSandbox(
    { mode: "workspace-write", network: false, writableRoots: [] },
    env.PATH ?? "",
  );
  return probe.ok ? ["--sandbox", "workspace-write"] : [];
}

function jobArgs(job: FleetJob, defaults: readonly string[], scratch: string): string[] {
  const args = ["-p", "--mode", "json", ...defaults];
  if (job.model) args.push("--model", job.model);
  if (job.limits?.maxTurns !== undefined) args.push("--max-turns", String(job.limits.maxTurns));
  if (job.limits?.maxBudgetUsd !== undefined)
    args.push("--max-budget-usd", String(job.limits.maxBudgetUsd));
  if (job.outputSchema) {
    const file = path.join(scratch, "output-schema.json");
    writeFileSync(file, JSON.stringify(job.outputSchema));
    args.push("--output-schema", file);
  }
  args.push("--", job.prompt);
  return args;
}

function cancelled(outcome: SessionOutcome): UnrecoverableError {
  const saved = outcome.sessionFile ? `; its session was saved: ${outcome.sessionFile}` : "";
  return new UnrecoverableError(`cancelled by gong jobs cancel${saved}`);
}

interface JobContext {
  options: FleetWorkerOptions;
  defaults: readonly string[];
  name: string;
  scratchRoot: string;
}

async function processJob(
  job: Job<FleetJob>,
  signal: AbortSignal,
  context: JobContext,
): Promise<FleetResult> {
  const scratch = mkdtempSync(path.join(context.scratchRoot, `job-${job.id}-`));
  const dir = path.join(scratch, "repo");
  try {
    const base = await checkout(job.data.repo, job.data.ref, dir).catch((error: unknown) => {
      throw error instanceof CheckoutError ? new UnrecoverableError(error.message) : error;
    });
    const outcome = await runSession({
      command: context.options.gongCommand,
      args: jobArgs(job.data, context.defaults, scratch),
      cwd: dir,
      env: { ...(context.options.env ?? process.env), ...job.data.env },
      signal,
      onProgress: (progress) => void job.updateProgress({ ...progress }).catch(() => {}),
    });
    if (signal.aborted) throw cancelled(outcome);
    const verdict = classifyOutcome(outcome);
    if (verdict.kind === "retry") throw new Error(verdict.reason);
    if (verdict.kind === "fail") throw new UnrecoverableError(verdict.reason);
    const { exitCode, output, usage, costUsd, turns, sessionFile } = outcome;
    const diff = await diffSince(dir, base);
    return { exitCode, output, usage, costUsd, turns, sessionFile, diff, worker: context.name };
  } finally {
    rmSync(scratch, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Starts a worker on the queue; it runs until `close()`. */
export async function startFleetWorker(options: FleetWorkerOptions): Promise<FleetWorker> {
  const queue = options.queue ?? DEFAULT_QUEUE;
  const env = options.env ?? process.env;
  const sessionArgs = options.sessionArgs ?? [];
  const name = `${hostname()}:${process.pid}`;
  // One folder per user: another user's worker on the machine cannot write into it.
  const scratchRoot =
    options.scratchDir ?? path.join(tmpdir(), `gong-fleet-${process.getuid?.() ?? "user"}`);
  mkdirSync(scratchRoot, { recursive: true });
  const context: JobContext = {
    options,
    defaults: [...sessionArgs, ...sandboxArgs(sessionArgs, env)],
    name,
    scratchRoot,
  };
  const log = options.log ?? (() => {});
  const running = new Map<string, AbortController>();
  const reportError = (error: Error) => log(`redis: ${error.message}`);
  const connection = await connectRedis(options.redisUrl, reportError);
  const subscriber = await connectRedis(options.redisUrl, reportError);
  await subscriber.subscribe(cancelChannel(queue));
  subscriber.on("message", (_channel: string, id: string) => running.get(id)?.abort());
  const lockDuration = options.lockDurationMs ?? 30_000;
  const worker = new Worker<FleetJob, FleetResult>(
    queue,
    async (job) => {
      const id = job.id ?? "";
      const controller = new AbortController();
      running.set(id, controller);
      try {
        if (await connection.exists(cancelKey(queue, id))) controller.abort();
        log(`job ${id}: started (${job.data.repo})`);
        return await processJob(job, controller.signal, context);
      } finally {
        running.delete(id);
      }
    },
    {
      connection,
      name,
      concurrency: options.concurrency ?? 1,
      lockDuration,
      stalledInterval: lockDuration,
      ...(options.rateLimit
        ? { limiter: { max: options.rateLimit.max, duration: options.rateLimit.durationMs } }
        : {}),
    },
  );
  worker.on("completed", (job, result) => log(`job ${job.id}: done (exit ${result.exitCode})`));
  worker.on("failed", (job, error) => log(`job ${job?.id}: failed: ${error.message}`));
  worker.on("error", (error) => log(`worker error: ${error.message}`));
  await worker.waitUntilReady();
  return {
    name,
    async close() {
      await worker.close();
      subscriber.disconnect();
      connection.disconnect();
    },
  };
}
