/**
 * The bubblewrap command line bash runs its shell under (ARCHITECTURE §9 "Sandbox for
 * bash"). The whole filesystem is mounted read-only, then the writable roots are bound
 * back writable on top of a private /tmp; `read-only` binds them back read-only (a
 * project under /tmp would otherwise vanish under the private /tmp).
 *
 * What is left out, and why:
 * - `--unshare-pid`: bwrap's init would end the namespace with the shell, killing the
 *   background jobs (`server &`) that must outlive the call until the session ends.
 * - `--new-session`: it would move the shell out of the process group bash kills on
 *   timeout, abort and session end (bash/process-tree.ts). Its point, stopping TIOCSTI
 *   input injection, is already met: the shell is spawned detached (no controlling
 *   terminal) with stdin on /dev/null.
 * Without the network, a seccomp filter refuses unix sockets (sandbox-seccomp.ts): a
 * socket file served from outside would otherwise still answer.
 * `--die-with-parent` kills the shell if bwrap itself is killed (gong got SIGKILL); the
 * shell and its jobs stay in the group bwrap leads, so the group kill reaches them all.
 */

/** The sandbox modes of settings `sandbox.mode` and `--sandbox`. */
export const SANDBOX_MODES = ["off", "read-only", "workspace-write"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** A sandbox that is on: how bash runs every command. */
export interface BashSandbox {
  mode: Exclude<SandboxMode, "off">;
  /** false: a network namespace of its own (loopback only). */
  network: boolean;
  /** bwrap's absolute path, found and probed at start (sandbox-probe.ts). */
  bwrapPath: string;
  /**
   * Folders writable besides the path policy's roots (settings `sandbox.writableRoots`,
   * absolute): a cache the build needs (`~/.cache`), not a folder the file tools may touch.
   */
  writableRoots: readonly string[];
  /**
   * With `network` false: the seccomp filter file that keeps unix sockets closed
   * (sandbox-seccomp.ts), written by `probeSandbox`. Required then: without it the
   * command line cannot be built (fail closed).
   */
  socketFilter?: string;
}

/**
 * bwrap and its options, up to where the shell's own argv starts. `roots` are real,
 * existing, non-nested folders (sandbox-roots.ts); `cwd` is where the shell starts;
 * `protect` the options that keep the roots' code-running files read-only
 * (sandbox-protected.ts), applied over the roots.
 */
export function sandboxArgv(
  sandbox: BashSandbox,
  roots: readonly string[],
  cwd: string,
  protect: readonly string[] = [],
): string[] {
  const bind = sandbox.mode === "workspace-write" ? "--bind" : "--ro-bind";
  if (!sandbox.network && !sandbox.socketFilter) {
    throw new Error("a sandbox without network needs its socket filter (probeSandbox)");
  }
  // bwrap reads the filter from a descriptor: a shell opens the file as fd 3, then
  // becomes bwrap (same process, same group).
  const opener = sandbox.network
    ? []
    : ["/bin/sh", "-c", 'f=$1; shift; exec "$@" 3< "$f"', "sh", sandbox.socketFilter!];
  return [
    ...opener,
    sandbox.bwrapPath,
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    ...roots.flatMap((root) => [bind, root, root]),
    ...protect,
    ...(sandbox.network ? [] : ["--unshare-net", "--seccomp", "3"]),
    "--die-with-parent",
    "--chdir",
    cwd,
    "--",
  ];
}
