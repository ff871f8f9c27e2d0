// Killing a command's process tree while the agent keeps running: how much of the event
// loop Gong's kill (TERM, async survivor checks, KILL after the grace) takes. It was a
// test bound once; it grows with the machine's load, so it is measured here instead.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { terminateGroup } from "@gong/tools";

/** CPU ms the main thread (the event loop) has used: Linux clock ticks of 10 ms. */
function eventLoopCpuMs() {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "latin1");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Starts `count` sleeps that ignore TERM in one process group and kills the group with a
 * 1.5 s grace: the wall time and the loop's own CPU time of the kill.
 */
export async function killTree(count = 1000) {
  const shell = spawn(
    "bash",
    ["-c", `trap "" TERM; for i in $(seq ${count}); do sleep 60 & done; echo ready; wait`],
    { detached: true, stdio: ["ignore", "pipe", "ignore"] },
  );
  const [chunk] = await once(shell.stdout, "data");
  if (String(chunk) !== "ready\n") throw new Error(`the tree did not start: ${chunk}`);
  const cpuBefore = eventLoopCpuMs();
  const started = performance.now();
  await terminateGroup(shell.pid, 1500);
  return { ms: performance.now() - started, loopCpuMs: eventLoopCpuMs() - cpuBefore };
}
