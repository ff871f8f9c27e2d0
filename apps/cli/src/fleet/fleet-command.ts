/**
 * `gong worker` and `gong jobs`: Gong sessions from a BullMQ queue (`@gong/fleet`).
 * Reached from bin.ts only when the first word asks for it; @gong/fleet (BullMQ, ioredis)
 * is imported here, dynamically, so no other command loads it.
 */
import { readFileSync } from "node:fs";
import type { FleetJobView, FleetQueue } from "@gong/fleet";
import { type FleetCommand, parseFleetArgs } from "./fleet-args.js";

const write = (text: string) => process.stdout.write(text);
const warn = (text: string) => process.stderr.write(text);

async function runWorker(command: Extract<FleetCommand, { name: "worker" }>): Promise<number> {
  const { startFleetWorker } = await import("@gong/fleet");
  const bin = process.argv[1];
  if (!bin) throw new Error("gong worker: cannot tell where the gong script is");
  const started = startFleetWorker({
    redisUrl: command.redisUrl,
    queue: command.queue,
    gongCommand: [process.execPath, bin],
    sessionArgs: command.sessionArgs,
    concurrency: command.concurrency,
    ...(command.lockDurationMs ? { lockDurationMs: command.lockDurationMs } : {}),
    ...(command.ratePerMinute
      ? { rateLimit: { max: command.ratePerMinute, durationMs: 60_000 } }
      : {}),
    log: (line) => warn(`gong worker: ${line}\n`),
  });
  const worker = await started.catch((error: Error) => {
    warn(`gong worker: ${error.message}\n`);
  });
  if (!worker) return 1;
  warn(
    `gong worker ${worker.name}: taking jobs from queue ${command.queue} (${command.concurrency} at once)\n`,
  );
  return new Promise((resolve) => {
    // First SIGTERM/SIGINT: take no more jobs, finish the running ones. A second: leave
    // now; the running jobs' locks lapse and BullMQ hands them to another worker.
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        warn(`gong worker: ${signal} again: leaving; its running jobs go back to the queue\n`);
        resolve(1);
        return;
      }
      stopping = true;
      warn(
        `gong worker: ${signal}: finishing the running jobs (send it again to hand them back)\n`,
      );
      void worker.close().then(() => resolve(0));
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
}

function describe(view: FleetJobView): string {
  const head = `${view.id}\t${view.state}`;
  if (view.result) {
    const { exitCode, turns, costUsd, output } = view.result;
    const text = typeof output === "string" ? output : JSON.stringify(output);
    const firstLine = (text ?? "").split("\n")[0]?.slice(0, 100) ?? "";
    return `${head}\texit ${exitCode}\t${turns} turns\t$${costUsd.toFixed(4)}\t${firstLine}`;
  }
  if (view.error) return `${head}\t${view.error}`;
  if (view.progress)
    return `${head}\tturn ${view.progress.turn}\t$${view.progress.costUsd.toFixed(4)}\t${view.repo}`;
  return `${head}\t${view.repo}`;
}

async function submit(queue: FleetQueue, file: string): Promise<number> {
  const { parseTasksJsonl } = await import("@gong/fleet");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    warn(`gong jobs submit: cannot read ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  const parsed = parseTasksJsonl(text);
  if (!parsed.ok) {
    warn(
      `gong jobs submit: ${file} was not submitted:\n${parsed.errors.map((e) => `  ${e}\n`).join("")}`,
    );
    return 1;
  }
  const ids = await queue.submit(parsed.tasks);
  write(ids.map((id) => `${id}\n`).join(""));
  warn(`gong jobs: ${ids.length} job(s) on queue ${queue.name}\n`);
  return 0;
}

async function jobsCommand(command: Exclude<FleetCommand, { name: "worker" }>): Promise<number> {
  const { FleetQueue } = await import("@gong/fleet");
  let queue: FleetQueue;
  try {
    queue = await FleetQueue.open({ redisUrl: command.redisUrl, queue: command.queue });
  } catch (error) {
    warn(`gong jobs ${command.name}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    if (command.name === "submit") return await submit(queue, command.file);
    if (command.name === "cancel") {
      const what = await queue.cancel(command.id);
      const said = {
        removed: "removed before it started",
        stopping: "stopping: its session is interrupted and saved",
        finished: "already finished: nothing to cancel",
      };
      write(`job ${command.id}: ${said[what]}\n`);
      return 0;
    }
    const states =
      command.name === "status"
        ? (["active", "waiting", "delayed"] as const)
        : (["completed", "failed"] as const);
    const views = await queue.jobs([...states]);
    if (command.json) {
      if (command.name === "status")
        write(`${JSON.stringify({ counts: await queue.counts(), jobs: views })}\n`);
      else write(views.map((view) => `${JSON.stringify(view)}\n`).join(""));
      return 0;
    }
    if (command.name === "status") {
      const counts = await queue.counts();
      write(
        `${Object.entries(counts)
          .map(([state, n]) => `${state} ${n}`)
          .join(", ")}\n`,
      );
    }
    write(views.map((view) => `${describe(view)}\n`).join(""));
    return 0;
  } catch (error) {
    warn(`gong jobs ${command.name}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await queue.close();
  }
}

/** Runs `gong worker …` / `gong jobs …`; resolves with the exit code. */
export async function fleetCommand(argv: readonly string[]): Promise<number> {
  const parsed = parseFleetArgs(argv, process.env);
  if (!parsed.ok) {
    warn(`gong: ${parsed.error}. Run gong --help for usage.\n`);
    return 2;
  }
  const { command } = parsed;
  return command.name === "worker" ? runWorker(command) : jobsCommand(command);
}
