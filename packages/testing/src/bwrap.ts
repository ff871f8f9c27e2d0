import { spawnSync } from "node:child_process";

/**
 * Why bubblewrap cannot run here (not installed, user namespaces refused), or undefined
 * when it can: the sandbox tests skip with this reason in their title (CI installs it).
 */
export function bwrapUnusable(): string | undefined {
  const probe = spawnSync(
    "bwrap",
    ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net", "true"],
    { encoding: "utf8" },
  );
  if (probe.error) return probe.error.message;
  return probe.status === 0 ? undefined : probe.stderr.trim() || "bwrap failed";
}
