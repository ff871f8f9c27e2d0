/**
 * Whether the sandbox can run here, asked once when a session starts: bwrap on PATH,
 * and a trial run with the very options every command will get (namespaces, /proc,
 * the network namespace). A sandbox that cannot start is an error at start, never a
 * silent fallback to running commands unsandboxed; the trial failing for any reason
 * (a refused user namespace, a timeout) counts as "cannot" (fail closed).
 */
import { spawnSync } from "node:child_process";
import { findOnPath } from "../search/binaries.js";
import { type BashSandbox, sandboxArgv } from "./sandbox-argv.js";
import { unixSocketFilterFile } from "./sandbox-seccomp.js";

export type SandboxProbe = { ok: true; sandbox: BashSandbox } | { ok: false; error: string };

const INSTALL = "install the bubblewrap package (apt install bubblewrap)";
const PROBE_TIMEOUT_MS = 10_000;

/** `sandbox` without its bwrap path: found on `envPath`, then tried. */
export function probeSandbox(
  sandbox: Omit<BashSandbox, "bwrapPath">,
  envPath: string,
): SandboxProbe {
  const what = `sandbox mode ${sandbox.mode}`;
  const off = 'or set the sandbox mode to "off" (--sandbox off)';
  if (process.platform !== "linux") {
    return {
      ok: false,
      error: `${what} needs Linux with bubblewrap; on ${process.platform} ${off.slice(3)}`,
    };
  }
  const bwrapPath = findOnPath(["bwrap"], envPath);
  if (!bwrapPath) {
    return {
      ok: false,
      error: `${what} needs bubblewrap (bwrap), which is not on PATH: ${INSTALL}, ${off}`,
    };
  }
  const filter = sandbox.network ? undefined : unixSocketFilterFile();
  if (filter instanceof Error) return { ok: false, error: `${what}: ${filter.message}; ${off}` };
  const ready = { ...sandbox, bwrapPath, ...(filter ? { socketFilter: filter } : {}) };
  const [command, ...args] = sandboxArgv(ready, [], "/");
  const trial = spawnSync(command!, [...args, "true"], {
    encoding: "utf8",
    timeout: PROBE_TIMEOUT_MS,
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (trial.status === 0) return { ok: true, sandbox: ready };
  const said = trial.error?.message ?? firstLine(trial.stderr) ?? `exit code ${trial.status}`;
  return {
    ok: false,
    error: `${what}: bubblewrap (${bwrapPath}) cannot create its sandbox here (${said}); user namespaces may be refused (sysctl kernel.unprivileged_userns_clone, AppArmor) — allow them, ${off}`,
  };
}

function firstLine(text: string | undefined): string | undefined {
  const line = text?.split("\n").find((entry) => entry.trim() !== "");
  return line?.trim();
}
