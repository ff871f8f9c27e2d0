/**
 * bash with `run_in_background: true` (test/background-shells.test.ts): the command is
 * spawned as a foreground one is (same script, environment, sandbox) and the call
 * returns at once with the shell's id. It always runs as a local process, also where
 * bash's foreground commands run elsewhere (an editor's terminal over ACP hands over
 * the output only at the exit, which a server never reaches): its process group is
 * what kill_shell, the session's end and the job ledger end.
 */
import type { ToolResponse } from "@gong/base";
import { failure, success } from "../core/envelope.js";
import type { BackgroundShells } from "./background-shells.js";
import { localExecOperations, type SpawnShellOptions } from "./exec.js";
import { spawnFailure } from "./outcome-envelope.js";
import type { ScriptFile } from "./script-file.js";

export interface BackgroundStart {
  spawn: SpawnShellOptions;
  prepared: { command: string; scriptFile?: ScriptFile };
  logFolder: string | Error;
  maxLogBytes: number;
  windowBytes: number;
}

type Child = ReturnType<typeof localExecOperations.spawnShell>;

/** A local child without a pid failed to start: its `error` says why. */
function startError(child: Child): Promise<Error | undefined> {
  if (child.pid !== undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => child.once("error", resolve));
}

export async function startInBackground(
  shells: BackgroundShells,
  start: BackgroundStart,
): Promise<ToolResponse> {
  const { prepared, spawn } = start;
  let child: Child;
  try {
    child = localExecOperations.spawnShell(spawn);
  } catch (error) {
    await prepared.scriptFile?.remove();
    return spawnFailure(error as Error, spawn.shellPath, prepared.command);
  }
  const error = await startError(child);
  if (error) {
    await prepared.scriptFile?.remove();
    return spawnFailure(error, spawn.shellPath, prepared.command);
  }
  const info = shells.start({
    command: prepared.command,
    child,
    logFolder: start.logFolder,
    maxLogBytes: start.maxLogBytes,
    windowBytes: start.windowBytes,
    ...(prepared.scriptFile ? { onEnd: () => void prepared.scriptFile?.remove() } : {}),
  });
  const text =
    `Command running in background with shell_id: ${info.id}\n` +
    `Read its output with bash_output(shell_id="${info.id}"); stop it with kill_shell(shell_id="${info.id}"). ` +
    "You are told when it exits.";
  return success(
    {
      shell_id: info.id,
      background: true,
      status: info.status,
      full_output_path: info.logPath ?? null,
    },
    text,
  );
}

export function noBackgroundShells(): ToolResponse {
  return failure(
    "INVALID_PARAM",
    "run_in_background is not available here: this tool set has no bash_output to read a background shell.",
    {
      data: { field_errors: [{ field: "run_in_background", message: "not available" }] },
      next: [
        'bash(command="cmd > cmd.log 2>&1 &") to start it in the background, then read(path="cmd.log").',
      ],
    },
  );
}

export function tooManyShells(reason: string): ToolResponse {
  return failure("EXECUTION_ERROR", `Command not started: ${reason}.`, {
    next: [
      'kill_shell(shell_id="<id>") to stop a shell that is no longer needed, then run the command again.',
    ],
  });
}
