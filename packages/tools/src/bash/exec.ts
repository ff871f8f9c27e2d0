/**
 * How bash starts a process: the default spawns
 * locally; another implementation can run the same command over SSH or in a container.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface SpawnShellOptions {
  shellPath: string;
  /** The full script: prefix, then the command. */
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The model's call this command runs for (a backend that shows it, an editor's terminal). */
  toolCallId?: string;
}

export interface ExecOperations {
  /**
   * Starts `shellPath -c script` in a new process group with stdin on /dev/null and
   * stdout piped (stderr is merged into it by the script). A process that has no local
   * `pid` (it runs elsewhere: an editor's terminal) is stopped with its `kill()`.
   */
  spawnShell(options: SpawnShellOptions): ChildProcess;
}

export const localExecOperations: ExecOperations = {
  spawnShell: ({ shellPath, script, cwd, env }) =>
    spawn(shellPath, ["-c", script], {
      cwd,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    }),
};
