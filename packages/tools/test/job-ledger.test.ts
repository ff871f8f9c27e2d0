import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { endOrphanedJobs, JobLedger } from "../src/bash/job-ledger.js";
import { parseStat } from "../src/bash/process-tree.js";

let dir: string;
let job: ChildProcess | undefined;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "gong-jobs-"));
});
afterEach(() => {
  job?.kill("SIGKILL");
  job = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const startTimeOf = (pid: number | "self") =>
  parseStat(readFileSync(`/proc/${pid}/stat`, "latin1")).startTime;
const bootId = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

/** A group leader like the shell bash spawns: its own session and process group. */
function startJob(): ChildProcess {
  job = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
  return job;
}

/** The ledger a gong that is gone left behind, naming `pid` started at `startTime`. */
function orphanedLedger(pid: number, startTime: number): string {
  const file = path.join(dir, "1_1.json");
  const owner = { pid: 2 ** 22 + 7, startTime: 1 }; // above Linux's pid_max: never running
  writeFileSync(file, JSON.stringify({ bootId: bootId(), owner, groups: [{ pid, startTime }] }));
  return file;
}

describe.skipIf(process.platform !== "linux")("jobs of a killed gong — only ours are ended", () => {
  it("a recorded group whose leader is still the same process is killed, and the file removed", async () => {
    const child = startJob();
    const file = orphanedLedger(child.pid!, startTimeOf(child.pid!));
    expect(await endOrphanedJobs(dir)).toBe(1);
    await exited(child);
    expect(child.signalCode).toBe("SIGKILL");
    expect(existsSync(file)).toBe(false);
  });

  it("a reused pid (same pid, another start time) is never killed", async () => {
    const child = startJob();
    const file = orphanedLedger(child.pid!, startTimeOf(child.pid!) - 1);
    expect(await endOrphanedJobs(dir)).toBe(0);
    expect(child.exitCode).toBeNull();
    expect(child.signalCode).toBeNull();
    expect(existsSync(file)).toBe(false);
  });

  it("the ledger of a gong that still runs is left alone", async () => {
    const child = startJob();
    const ledger = new JobLedger(dir);
    ledger.record([child.pid!]);
    expect(await endOrphanedJobs(dir)).toBe(0);
    expect(child.signalCode).toBeNull();
    const file = path.join(dir, `${process.pid}_${startTimeOf("self")}.json`);
    expect(JSON.parse(readFileSync(file, "utf8")).groups).toEqual([
      { pid: child.pid, startTime: startTimeOf(child.pid!) },
    ]);
    ledger.clear();
    expect(existsSync(file)).toBe(false);
  });
});
