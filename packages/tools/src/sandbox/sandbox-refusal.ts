/**
 * What a failed command's result says when the sandbox refused it.
 *
 * A write: only EROFS ("Read-only file system") is taken as the sandbox's doing: the
 * sandbox mounts everything outside the writable roots read-only, and nothing else on a
 * normal disk answers a write that way. A "Permission denied" reads the same with or
 * without the sandbox (bwrap keeps the user's own permissions), so blaming the sandbox
 * for it would send the model the wrong way.
 *
 * The network: with `network: false` the command runs in a network namespace of its own,
 * where no host name resolves and no address but its own loopback is reachable. The
 * tools say so in their own words (NETWORK_FAILURES); without this note the model reads
 * "Could not resolve host" as a typo or an outage and retries, or installs a mirror.
 */
import type { BashSandbox } from "./sandbox-argv.js";

const READ_ONLY_FILE_SYSTEM = /Read-only file system|\bEROFS\b/;

/**
 * How programs report a lookup or a connection that a network namespace without a
 * network refuses, each with an example of the message it matches.
 */
const NETWORK_FAILURES: readonly RegExp[] = [
  // curl, git over https, cargo: "curl: (6) Could not resolve host: example.com"
  /Could not resolve host/i,
  // ssh, git over ssh: "ssh: Could not resolve hostname github.com: Temporary failure in name resolution"
  /Could not resolve hostname/i,
  // wget: "wget: unable to resolve host address 'example.com'"
  /unable to resolve host/i,
  // glibc's EAI_AGAIN and EAI_NONAME in Python (pip, requests, urllib):
  // "[Errno -3] Temporary failure in name resolution", "[Errno -2] Name or service not known"
  /Temporary failure in name resolution|Name or service not known/i,
  // Node (npm, pnpm, yarn, fetch): "getaddrinfo EAI_AGAIN registry.npmjs.org",
  // "getaddrinfo ENOTFOUND example.com"
  /\bgetaddrinfo (EAI_AGAIN|ENOTFOUND)\b/,
  // Go: "dial tcp: lookup proxy.golang.org on 10.0.0.53:53: ... network is unreachable"
  // Node "connect ENETUNREACH 1.2.3.4:443", Python "[Errno 101] Network is unreachable",
  // curl "Failed to connect to example.com port 443: Network is unreachable"
  /Network is unreachable|\bENETUNREACH\b/i,
];

export interface SandboxRefusal {
  /** Appended to the failure message. */
  message: string;
  /** The next step, first in the result's list. */
  next: string;
}

export function sandboxRefusal(
  sandbox: BashSandbox | undefined,
  exitCode: number | null,
  output: string,
): SandboxRefusal | undefined {
  if (!sandbox || exitCode === 0) return undefined;
  if (READ_ONLY_FILE_SYSTEM.test(output)) return writeRefusal(sandbox);
  if (!sandbox.network && NETWORK_FAILURES.some((pattern) => pattern.test(output))) {
    return {
      message:
        "the sandbox has no network (sandbox.network is false): host names do not resolve and only the command's own loopback answers, so servers on this machine are out of reach too",
      next: 'If the command needs the network, ask the user to set "sandbox": {"network": true} in ~/.gong/settings.json (then restart gong), or to run the command in their own terminal; do not retry it in the sandbox and do not look for a way around the sandbox.',
    };
  }
  return undefined;
}

function writeRefusal(sandbox: BashSandbox): SandboxRefusal {
  if (sandbox.mode === "read-only") {
    return {
      message: "the sandbox (read-only) refused a write: only a private /tmp is writable",
      next: "If the command must write, ask the user to run it in their own terminal or to restart gong with --sandbox workspace-write; do not look for a way around the sandbox.",
    };
  }
  return {
    message:
      "the sandbox (workspace-write) refused a write outside its writable roots (the project, the allowed paths, the tool-output folder, sandbox.writableRoots and a private /tmp), or to a file that makes gong, Claude Code or git run code later (.gong/ and .claude/ settings, hooks, commands, agents and skills, .mcp.json, .git/hooks, .git/config), which stay read-only",
    next: 'If the command must write there, ask the user to add that folder to "sandbox": {"writableRoots": [...]} in ~/.gong/settings.json (then restart gong), or to run the command in their own terminal; do not look for a way around the sandbox.',
  };
}
