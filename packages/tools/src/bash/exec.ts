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
  /**
   * The sandbox's command line (bwrap and its options, sandbox/sandbox-argv.ts) the shell
   * runs under: `[...sandbox, shellPath, "-c", script]`. A backend must honour it or fail
   * the call: running the command unsandboxed instead is never an option.
   */
  sandbox?: readonly string[];
}

/** The program and arguments that run the shell, under the sandbox when there is one. */
export function shellArgv({ shellPath, script, sandbox }: SpawnShellOptions): [string, string[]] {
  const argv = [...(sandbox ?? []), shellPath, "-c", script];
  return [argv[0]!, argv.slice(1)];
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
  spawnShell: (options) =>
    spawn(...shellArgv(options), {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    }),
};
