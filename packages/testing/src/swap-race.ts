/**
 * The folder↔symlink race of issue 21.3, made continuous: a child process exchanges two
 * names in a loop with renameat2(RENAME_EXCHANGE), so a folder and a symbolic link
 * trade places atomically thousands of times a second. A path check that is not held
 * through the operation then lands outside now and then; a pinned one never does.
 * Linux only, through python3's ctypes (no compiler needed).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";

const LOOP = `
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
a, b = sys.argv[1].encode(), sys.argv[2].encode()
sys.stdout.write("ready\\n"); sys.stdout.flush()
while True:
    if libc.renameat2(-100, a, -100, b, 2) != 0:
        sys.exit(ctypes.get_errno())
`;

/** Why the race cannot be run here, or undefined when it can. */
export function swapRaceUnavailable(): string | undefined {
  if (process.platform !== "linux") return "renameat2 is Linux-only";
  const probe = spawnSync("python3", ["-c", "import ctypes; ctypes.CDLL(None).renameat2"], {
    encoding: "utf8",
  });
  return probe.status === 0 ? undefined : "python3 with ctypes and renameat2 is not available";
}

export interface SwapLoop {
  /** Stops the loop; afterwards the two names are back in place or swapped once. */
  stop(): Promise<void>;
}

/** Starts exchanging `a` and `b` (both must exist) until `stop()`. */
export async function startSwapLoop(a: string, b: string): Promise<SwapLoop> {
  const child: ChildProcess = spawn("python3", ["-c", LOOP, a, b], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`swap loop exited with ${code}`)));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
