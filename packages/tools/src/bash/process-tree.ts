/**
 * Killing a command and everything it started. The shell runs in its own process
 * group (spawned `detached`), so one signal to `-pgid` reaches `sleep 100 & sleep 100`
 * and pipelines alike (Pi bug: abort killed only the shell, the children kept running).
 * Every check here is asynchronous: a kill waits out its grace period while the agent,
 * its streams and its timers keep running (a synchronous /proc scan every 20 ms held the
 * event loop for over half of a kill's grace on a machine with many processes).
 */
import { readdir, readFile } from "node:fs/promises";

/** Sends `signal` to the whole group; falls back to the single process. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    try {
      process.kill(pgid, signal);
    } catch {
      // Already gone: nothing to signal.
    }
  }
}

/** Whether the kernel still knows any process of group `pgid` (zombies included). */
function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM: the group exists but is not ours to signal.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** /proc reads in flight at once during a scan. */
const SCAN_CONCURRENCY = 8;

/** What a /proc/<pid>/stat line says about a process. */
export interface ProcessStat {
  state: string;
  pgrp: number;
  session: number;
  /** When it started, in clock ticks since boot: with the pid, it names one process. */
  startTime: number;
}

/** Parses a /proc/<pid>/stat line. */
export function parseStat(stat: string): ProcessStat {
  // Fields after the parenthesised command (which may hold spaces) start at field 3:
  // state, ppid, pgrp, session, …, starttime (field 22).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    state: fields[0] ?? "",
    pgrp: Number(fields[2]),
    session: Number(fields[3]),
    startTime: Number(fields[19]),
  };
}

/**
 * Whether process group `pgid` has a live (non-zombie) member. On Linux this reads
 * /proc, so that zombies waiting for a non-reaping init (containers, microVMs) do not
 * count as survivors; elsewhere it asks the kernel with signal 0. The cheap signal-0
 * check comes first (a group that is gone needs no scan), and the scan stops at the
 * first live member, looking at the newest processes first: a command's processes are
 * usually among them.
 */
export async function groupIsAlive(pgid: number): Promise<boolean> {
  if (!groupExists(pgid)) return false;
  if (process.platform !== "linux") return true;
  let entries: string[];
  try {
    entries = await readdir("/proc");
  } catch {
    return true;
  }
  const pids = entries.filter((entry) => /^\d+$/.test(entry)).sort((a, b) => Number(b) - Number(a));
  let alive = false;
  let next = 0;
  // A few reads in flight at a time: hundreds of completions arriving in one loop turn
  // would hold the timers back much as the synchronous scan did.
  const worker = async () => {
    while (!alive && next < pids.length) {
      const pid = pids[next++]!;
      try {
        const { state, pgrp } = parseStat(await readFile(`/proc/${pid}/stat`, "latin1"));
        if (state !== "Z" && pgrp === pgid) alive = true;
      } catch {
        // The process exited while we looked: not a member any more.
      }
    }
  };
  await Promise.all(Array.from({ length: SCAN_CONCURRENCY }, worker));
  return alive;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks back off from 10 ms to 200 ms: most groups are gone at the first look, and a
 * group that ignores TERM is not scanned 75 times during a 1.5 s grace.
 */
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 200;

/** How long to watch for the kernel to finish a KILL before giving up on watching. */
const AFTER_KILL_MS = 1000;

/**
 * TERM to the group, then KILL to whatever is left after `graceMs`; resolves when the
 * group has no live member (or shortly after the KILL, which cannot be ignored).
 */
export async function terminateGroup(pgid: number, graceMs: number): Promise<void> {
  signalGroup(pgid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  for (let pause = FIRST_POLL_MS; Date.now() < deadline; pause = Math.min(2 * pause, MAX_POLL_MS)) {
    if (!(await groupIsAlive(pgid))) return;
    await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
  }
  signalGroup(pgid, "SIGKILL");
  const killDeadline = Date.now() + AFTER_KILL_MS;
  while ((await groupIsAlive(pgid)) && Date.now() < killDeadline) await sleep(10);
}
