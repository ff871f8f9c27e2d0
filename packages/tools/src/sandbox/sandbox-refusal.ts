/**
 * What a failed command's result says when the sandbox refused it. Only EROFS ("Read-only
 * file system") is taken as the sandbox's doing: the sandbox mounts everything outside the
 * writable roots read-only, and nothing else on a normal disk answers a write that way. A
 * "Permission denied" reads the same with or without the sandbox (bwrap keeps the user's
 * own permissions), so blaming the sandbox for it would send the model the wrong way.
 */
import type { BashSandbox } from "./sandbox-argv.js";

const READ_ONLY_FILE_SYSTEM = /Read-only file system|\bEROFS\b/;

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
  if (!sandbox || exitCode === 0 || !READ_ONLY_FILE_SYSTEM.test(output)) return undefined;
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
