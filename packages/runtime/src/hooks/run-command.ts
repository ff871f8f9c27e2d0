import { spawn } from "node:child_process";

export interface CommandResult {
  /** `null` when the command was killed or could not start. */
  exitCode: number | null;
  /** The signal that killed it, if one did. */
  signal?: NodeJS.Signals;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs one hook command through the shell with `input` on stdin. The command gets its
 * own process group so a timeout kills everything it started.
 */
export function runHookCommand(
  command: string,
  input: string,
  options: { cwd: string; timeoutMs: number; env: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone: nothing left to kill.
      }
    }, options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ exitCode: null, stdout, stderr: stderr || error.message, timedOut });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ exitCode: code, stdout, stderr, timedOut, ...(signal ? { signal } : {}) });
    });
    // A script that never reads stdin must not make us fail with EPIPE.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
  });
}
