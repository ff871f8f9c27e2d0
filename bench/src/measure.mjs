// Timing primitives: interleaved repetitions of competing variants, a raw command's wall
// time, the CPU time of an in-process call and its children, and the peak RSS growth of an
// in-process call.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { summarize } from "./stats.mjs";

/** A row whose rounds are quick gets more of them: at least this long in all… */
const FAST_ROW_MS = 2000;
/** …but at most this many times the rounds asked for. */
const FAST_ROW_FACTOR = 5;

/**
 * Runs every variant once to warm up, then `reps` rounds of all variants in turn (A B C,
 * then C B A, …) so load changes on the machine hit all of them alike; a row of
 * millisecond variants (its warm-up round under FAST_ROW_MS / reps) gets more rounds, up
 * to FAST_ROW_FACTOR × reps, so one busy moment cannot move its median. A variant is an
 * async function resolving a number (ms) or { ms, ...extra }. Returns per variant the
 * summary of ms and the extras of every timed run.
 */
export async function interleave(variants, reps) {
  const names = Object.keys(variants).filter((name) => variants[name]);
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  const warmUp = performance.now();
  for (const name of names) await variants[name]();
  const roundMs = performance.now() - warmUp;
  const rounds = Math.min(reps * FAST_ROW_FACTOR, Math.max(reps, Math.ceil(FAST_ROW_MS / roundMs)));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...names].reverse() : names;
    for (const name of order) {
      const value = await variants[name]();
      runs[name].push(typeof value === "number" ? { ms: value } : value);
    }
  }
  return Object.fromEntries(
    names.map((name) => [name, { ...summarize(runs[name].map((r) => r.ms)), runs: runs[name] }]),
  );
}

/** Wall time of an async call, in ms, with its result. */
export async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { ms: performance.now() - started, result };
}

/** Wall time (ms) of a command whose stdout is read through a pipe and dropped. */
export function timeCommand(command, args, { cwd } = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "ignore"] });
    child.stdout.resume();
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0 && code !== 1)
        reject(new Error(`${command} ${args.join(" ")} exited ${code}`));
      else resolve(performance.now() - started);
    });
  });
}

/** Runs fn while sampling this process's RSS every 2 ms; resolves ms, result and peak growth (MiB). */
export async function withPeakRss(fn) {
  globalThis.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const { ms, result } = await timed(fn);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { ms, result, rssMiB: (peak - base) / (1024 * 1024) };
}

/**
 * CPU seconds so far of this process and of its children (Linux /proc/self/stat: utime,
 * stime, cutime, cstime in clock ticks); undefined elsewhere. Children that exited count
 * once reaped, which node does as soon as they exit; live ones count with what they
 * reaped themselves: the checkpoint store runs git from a long-lived sh, whose git
 * processes reach gong's own counts only when that sh exits.
 */
function cpuSeconds() {
  try {
    const { self, children } = statTimes("/proc/self/stat");
    return { self, children: children + liveChildrenSeconds() };
  } catch {
    return undefined;
  }
}

/** utime+stime and cutime+cstime of one /proc/<pid>/stat, in seconds. */
function statTimes(file) {
  const stat = readFileSync(file, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = (index) => Number(fields[index]) / CLOCK_TICKS;
  return { self: ticks(11) + ticks(12), children: ticks(13) + ticks(14) };
}

/** The CPU of this process's live children and of what they reaped (0 without /proc's children lists). */
function liveChildrenSeconds() {
  let total = 0;
  for (const task of readdirSync("/proc/self/task")) {
    let ids = "";
    try {
      ids = readFileSync(`/proc/self/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const pid of ids.split(" ").filter((id) => id.trim() !== "")) {
      try {
        const times = statTimes(`/proc/${pid.trim()}/stat`);
        total += times.self + times.children;
      } catch {
        // Exited meanwhile: node reaps it, and its time shows in our own cutime.
      }
    }
  }
  return total;
}

/** Linux's USER_HZ, which /proc reports times in. */
const CLOCK_TICKS = 100;

/**
 * Wall time of an async call plus the CPU it cost: `cpuMs` of this process (user+sys) and
 * `childCpuMs` of the processes it ran (git), so a slow run on a loaded machine can be told
 * from an expensive one; `load` is the 1-minute load average when it ended.
 */
export async function timedWithCpu(fn) {
  const before = cpuSeconds();
  const { ms, result } = await timed(fn);
  const after = cpuSeconds();
  const cpu =
    before && after
      ? {
          cpuMs: (after.self - before.self) * 1000,
          childCpuMs: (after.children - before.children) * 1000,
        }
      : {};
  return { ms, result, ...cpu, load: os.loadavg()[0] };
}
