/**
 * A file per gong process listing the process groups its bash started, so that a gong
 * killed with -9 — which had no chance to end them — does not leave its background jobs
 * running for good: the next session that opens ends the groups of every gong that is
 * gone (processes.test.ts, "killed with -9"). Linux only (it reads /proc); elsewhere
 * nothing is recorded.
 *
 * A group is ended only while it is still the one recorded: each entry holds the pid and
 * start time of the group's leader (the shell bash spawned, which leads its own session
 * and group), so a reused pid is never killed (job-ledger.test.ts).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readdir, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { parseStat } from "./process-tree.js";

/** One process, named so that a later process with the same pid is not taken for it. */
interface ProcessIdentity {
  pid: number;
  startTime: number;
}

interface LedgerRecord {
  /** Start times count from boot: after a reboot every recorded process is gone. */
  bootId: string;
  owner: ProcessIdentity;
  groups: ProcessIdentity[];
}

function statOf(pid: number | "self") {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, "latin1"));
  } catch {
    return undefined;
  }
}

/** "" where the kernel does not say (some sandboxes): the start times still decide. */
function currentBootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
}

/** Whether `identity` still names a live process (the same pid, started at the same time). */
function isRunning(identity: ProcessIdentity): boolean {
  const stat = statOf(identity.pid);
  return stat !== undefined && stat.state !== "Z" && stat.startTime === identity.startTime;
}

/** The job list of this gong process, kept in `dir` (`$GONG_HOME/jobs`). */
export class JobLedger {
  private readonly startTimes = new Map<number, number>();
  private readonly owner: ProcessIdentity | undefined;
  private readonly file: string | undefined;
  private warned = false;

  constructor(
    private readonly dir: string,
    /** A ledger that cannot be written costs the clean-up after a crash, not the command. */
    private readonly warn: (message: string) => void = () => {},
    /**
     * Another ledger of the same gong process (`mcp`: its stdio MCP servers, each in its
     * own group) gets a file of its own beside bash's; `endOrphanedJobs` reads them all.
     */
    label = "",
    /** What the groups are, for the warning when the file cannot be written. */
    private readonly what = "bash's background jobs",
  ) {
    const self = process.platform === "linux" ? statOf("self") : undefined;
    if (!self) return;
    this.owner = { pid: process.pid, startTime: self.startTime };
    const suffix = label ? `.${label}` : "";
    this.file = path.join(dir, `${process.pid}_${self.startTime}${suffix}.json`);
  }

  /** The groups that may still run, replacing the list recorded before. */
  record(pgids: readonly number[]): void {
    if (!this.file || !this.owner) return;
    if (pgids.length === 0) {
      this.clear();
      return;
    }
    for (const pgid of this.startTimes.keys()) {
      if (!pgids.includes(pgid)) this.startTimes.delete(pgid);
    }
    const groups: ProcessIdentity[] = [];
    for (const pgid of pgids) {
      // Read when the group is first recorded: the shell was spawned in this same turn
      // of the event loop, so it still exists (it cannot have been reaped yet).
      const startTime = this.startTimes.get(pgid) ?? statOf(pgid)?.startTime;
      if (startTime === undefined) continue;
      this.startTimes.set(pgid, startTime);
      groups.push({ pid: pgid, startTime });
    }
    try {
      const record: LedgerRecord = { bootId: currentBootId(), owner: this.owner, groups };
      mkdirSync(this.dir, { recursive: true });
      const temp = `${this.file}.tmp`;
      writeFileSync(temp, JSON.stringify(record));
      renameSync(temp, this.file);
    } catch (error) {
      this.warnOnce(error as Error);
    }
  }

  /** Nothing of this gong's is left running: the file goes. */
  clear(): void {
    this.startTimes.clear();
    if (this.file) rmSync(this.file, { force: true });
  }

  private warnOnce(error: Error): void {
    if (this.warned) return;
    this.warned = true;
    this.warn(
      `could not record ${this.what} in ${this.dir} (${error.message}); if gong is killed, they keep running`,
    );
  }
}

/**
 * Ends the recorded groups of every gong that is gone (killed before it could end them)
 * and removes their files; the files of running gongs are left alone. Returns how many
 * groups were ended. Never rejects: a clean-up that cannot look leaves things as they
 * were, and the session opens all the same.
 */
export async function endOrphanedJobs(dir: string): Promise<number> {
  if (process.platform !== "linux") return 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // No folder: no gong ever recorded a job.
  }
  const bootId = currentBootId();
  let ended = 0;
  for (const name of names.filter((n) => n.endsWith(".json"))) {
    const file = path.join(dir, name);
    const record = await readRecord(file);
    if (record && record.bootId === bootId && isRunning(record.owner)) continue;
    if (record?.bootId === bootId) {
      for (const group of record.groups) {
        ended += (await endGroupIfOurs(group).catch(() => false)) ? 1 : 0;
      }
    }
    await unlink(file).catch(() => {
      // Another gong cleaned it up at the same moment: nothing left to do.
    });
  }
  return ended;
}

async function readRecord(file: string): Promise<LedgerRecord | undefined> {
  try {
    const value = JSON.parse(await readFile(file, "utf8")) as LedgerRecord;
    const valid = (p: unknown): p is ProcessIdentity =>
      typeof p === "object" &&
      p !== null &&
      Number.isInteger((p as ProcessIdentity).pid) &&
      (p as ProcessIdentity).pid > 1 &&
      Number.isInteger((p as ProcessIdentity).startTime);
    if (typeof value.bootId !== "string" || !valid(value.owner)) return undefined;
    if (!Array.isArray(value.groups) || !value.groups.every(valid)) return undefined;
    return value;
  } catch {
    // Unreadable or torn (killed mid-write cannot happen: it is renamed into place).
    return undefined;
  }
}

/**
 * KILL to the members of the recorded group, if it is still the recorded one. While its
 * leader lives, the leader's start time says so. Once the leader is gone, a process
 * whose group and session are the leader's pid can only be one it started: the kernel
 * does not reuse a pid while a group or session still carries it.
 */
async function endGroupIfOurs(group: ProcessIdentity): Promise<boolean> {
  const leader = statOf(group.pid);
  if (leader) {
    if (leader.startTime !== group.startTime) return false; // the pid was reused
    try {
      process.kill(-group.pid, "SIGKILL");
      return true;
    } catch {
      return false;
    }
  }
  let killed = false;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (!stat || stat.pgrp !== group.pid || stat.session !== group.pid) continue;
    if (stat.startTime < group.startTime) continue;
    try {
      process.kill(Number(entry), "SIGKILL");
      killed = true;
    } catch {
      // Gone meanwhile: nothing to end.
    }
  }
  return killed;
}
