import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import {
  cancelChannel,
  cancelKey,
  connectRedis,
  DEFAULT_QUEUE,
  type QueueAddress,
} from "./connection.js";
import type { FleetJob, FleetProgress, FleetResult, FleetTask } from "./job.js";

/**
 * Every job gets BullMQ's retries with backoff: a provider failure (rate limit, overload,
 * network) is thrown by the worker and tried again later; a task the agent failed is a
 * result and a bad repository an UnrecoverableError, neither retried.
 */
export const JOB_OPTIONS = {
  attempts: 4,
  backoff: { type: "exponential", delay: 10_000 },
} as const;

/** One job as `gong jobs status | results` show it. */
export interface FleetJobView {
  id: string;
  state: string;
  repo: string;
  prompt: string;
  attempts: number;
  /** When a worker last started it (ms since the epoch; BullMQ's `processedOn`). */
  startedAt?: number;
  /** When it completed or failed for good (BullMQ's `finishedOn`). */
  finishedAt?: number;
  progress?: FleetProgress;
  result?: FleetResult;
  error?: string;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
}

/** A producer's handle on the queue; `close()` when done. */
export class FleetQueue {
  readonly name: string;
  private readonly connection: Redis;
  private readonly queue: Queue<FleetJob, FleetResult>;

  private constructor(name: string, connection: Redis) {
    this.name = name;
    this.connection = connection;
    this.queue = new Queue<FleetJob, FleetResult>(name, { connection });
  }

  /** Connects (a Redis that cannot be reached is an error that says so). */
  static async open(address: QueueAddress): Promise<FleetQueue> {
    const connection = await connectRedis(address.redisUrl);
    return new FleetQueue(address.queue ?? DEFAULT_QUEUE, connection);
  }

  /** Adds the tasks in one round trip; returns their job ids in order. */
  async submit(tasks: readonly FleetTask[]): Promise<string[]> {
    const jobs = await this.queue.addBulk(
      tasks.map((task) => ({
        name: "session",
        data: task.job,
        opts: { ...JOB_OPTIONS, ...(task.id ? { jobId: task.id } : {}) },
      })),
    );
    return jobs.map((job) => job.id ?? "");
  }

  async counts(): Promise<QueueCounts> {
    const counts = await this.queue.getJobCounts(
      "waiting",
      "active",
      "completed",
      "failed",
      "delayed",
    );
    return {
      waiting: counts.waiting ?? 0,
      active: counts.active ?? 0,
      completed: counts.completed ?? 0,
      failed: counts.failed ?? 0,
      delayed: counts.delayed ?? 0,
    };
  }

  /** Jobs in these states, oldest first. */
  async jobs(
    states: ("waiting" | "active" | "completed" | "failed" | "delayed")[],
  ): Promise<FleetJobView[]> {
    const jobs = await this.queue.getJobs(states, 0, -1, true);
    const views = await Promise.all(jobs.filter(Boolean).map((job) => viewOf(job)));
    return views
      .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id, "en", { numeric: true }))
      .map(({ order: _, ...view }) => view);
  }

  /**
   * Cancels a job: a waiting one is removed; a running one's worker is told (a key it
   * checks when it starts the job, and a message it listens for) and stops the session
   * with SIGINT, which saves it. Says what happened, or throws for an unknown id.
   */
  async cancel(id: string): Promise<"removed" | "stopping" | "finished"> {
    const job = await this.queue.getJob(id);
    if (!job) throw new Error(`no job ${id} on queue ${this.name}: gong jobs status lists them`);
    const state = await job.getState();
    if (state === "completed" || state === "failed") return "finished";
    if (state !== "active") {
      try {
        await job.remove();
        return "removed";
      } catch {
        // taken by a worker between getState and remove: stop it there instead
      }
    }
    await this.connection.set(cancelKey(this.name, id), "1", "EX", 7 * 24 * 3600);
    await this.connection.publish(cancelChannel(this.name), id);
    return "stopping";
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}

async function viewOf(job: Job<FleetJob, FleetResult>): Promise<FleetJobView & { order: number }> {
  const state = await job.getState();
  const view: FleetJobView & { order: number } = {
    order: job.timestamp,
    id: job.id ?? "",
    state,
    repo: job.data.repo,
    prompt: job.data.prompt,
    attempts: job.attemptsMade,
  };
  if (job.processedOn) view.startedAt = job.processedOn;
  if (job.finishedOn) view.finishedAt = job.finishedOn;
  if (typeof job.progress === "object" && job.progress !== null)
    view.progress = job.progress as FleetProgress;
  if (state === "completed") view.result = job.returnvalue;
  if (state === "failed") view.error = job.failedReason;
  return view;
}
