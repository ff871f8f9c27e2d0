/**
 * Killing a command and everything it started. The shell runs in its own process
 * group (spawned `detached`), so one signal to `-pgid` reaches `sleep 100 & sleep 100`
 * and pipelines alike (Pi bug: abort killed only the shell, the children kept running).
 */
import { readdirSync, readFileSync } from "node:fs";

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

/**
 * Live (non-zombie) members of process group `pgid`. On Linux this reads /proc so that
 * zombies waiting for a non-reaping init do not count as survivors; elsewhere it asks
 * the kernel with signal 0.
 */
export function groupMembers(pgid: number): number[] {
  if (process.platform === "linux") {
    const members: number[] = [];
    let entries: string[];
    try {
      entries = readdirSync("/proc");
    } catch {
      return groupMembersBySignal(pgid);
    }
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "latin1");
        // Fields after the parenthesised command: state, ppid, pgrp, …
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (fields[0] !== "Z" && Number(fields[2]) === pgid) members.push(Number(entry));
      } catch {
        // The process exited while we looked: not a member any more.
      }
    }
    return members;
  }
  return groupMembersBySignal(pgid);
}

function groupMembersBySignal(pgid: number): number[] {
  try {
    process.kill(-pgid, 0);
    return [pgid];
  } catch {
    return [];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * TERM to the group, then KILL to whatever is left after `graceMs`; resolves when the
 * group has no live member (or after the KILL, which cannot be ignored).
 */
export async function terminateGroup(pgid: number, graceMs: number): Promise<void> {
  signalGroup(pgid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (groupMembers(pgid).length === 0) return;
    await sleep(20);
  }
  signalGroup(pgid, "SIGKILL");
  for (let i = 0; i < 50 && groupMembers(pgid).length > 0; i++) await sleep(10);
}
