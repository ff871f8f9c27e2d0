/**
 * What is still running, as `ps` sees it. Zombies do not count: a sandbox whose init does
 * not reap orphans keeps dead processes as zombies, and `kill -0` calls those alive.
 */
import { spawnSync } from "node:child_process";

/** Live processes of process group `pgid`, as `pid pgid stat args` lines. */
export function liveProcessesInGroup(pgid: number): string[] {
  const ps = spawnSync("ps", ["-eo", "pid=,pgid=,stat=,args="], { encoding: "utf8" });
  return ps.stdout
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => Number(fields[1]) === pgid && !fields[2]?.startsWith("Z"))
    .map((fields) => fields.join(" "));
}

/** Whether `pid` is a live (non-zombie) process. */
export function isProcessAlive(pid: number): boolean {
  const ps = spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" });
  const stat = ps.stdout.trim();
  return stat !== "" && !stat.startsWith("Z");
}
