/**
 * bash (test/bash.test.ts): `bash -c` in its own process group, stdin
 * /dev/null, non-interactive git/editor/pager, stdout+stderr merged in arrival order,
 * resolved when the shell exits (plus a short drain) so `server &` cannot hang the
 * call, timeout and abort kill the whole group (TERM, then KILL), tail truncation with
 * the full output logged in the tool-output folder.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { ToolResponse } from "@gong/base";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_LINES,
  ensureOutputDir,
  truncateTail,
} from "@gong/truncate";
import { Type } from "@sinclair/typebox";
import type { BackgroundShells } from "../bash/background-shells.js";
import { type ExecOperations, localExecOperations, type SpawnShellOptions } from "../bash/exec.js";
import {
  commandTooLong,
  outcomeEnvelope,
  showOutput,
  spawnFailure,
} from "../bash/outcome-envelope.js";
import { OutputCollector } from "../bash/output-collector.js";
import { ProcessGroups } from "../bash/process-groups.js";
import { runShell } from "../bash/run-shell.js";
import { MAX_INLINE_SCRIPT_BYTES, type ScriptFile, writeScriptFile } from "../bash/script-file.js";
import { noBackgroundShells, startInBackground, tooManyShells } from "../bash/start-background.js";
import { failure, progress } from "../core/envelope.js";
import { effectiveOutputLevel } from "../core/output-level.js";
import { defineTool } from "../core/run-tool.js";
import { OutputLevelParam } from "../core/schema.js";
import type { ToolEnvironment } from "../environment.js";
import { type BashSandbox, sandboxArgv } from "../sandbox/sandbox-argv.js";
import { sandboxEnv } from "../sandbox/sandbox-env.js";
import { protectedMounts } from "../sandbox/sandbox-protected.js";
import { sandboxRefusal } from "../sandbox/sandbox-refusal.js";
import { sandboxBindRoots } from "../sandbox/sandbox-roots.js";
import { TOOL_SUMMARIES } from "../summary/tool-summary.js";

export const DEFAULT_BASH_TIMEOUT_SECONDS = 120;
/**
 * The longest timeout a call may ask for (an hour): a larger one is INVALID_PARAM (the
 * schema's `maximum`); longer work belongs in the background (`cmd > log 2>&1 &`).
 */
export const MAX_BASH_TIMEOUT_SECONDS = 3600;

export interface BashToolOptions {
  /** Shell to run (default `bash` on PATH). */
  shellPath?: string;
  /** Prepended to every command (settings `shellCommandPrefix`), e.g. `export FOO=1`. */
  shellCommandPrefix?: string;
  exec?: ExecOperations;
  /** Time between TERM and KILL (default 2000 ms). */
  killGraceMs?: number;
  /** How long to keep reading after the shell exits (default 100 ms). */
  drainMs?: number;
  /**
   * The session's process groups: background jobs a command leaves running live until
   * its `dispose()` (default: a set of the tool's own, which nobody ends — the jobs run
   * until they exit).
   */
  processes?: ProcessGroups;
  /** Tail limits (default 2000 lines / 50 KB). */
  maxLines?: number;
  maxBytes?: number;
  /** What commands inherit (default: this process's environment). */
  env?: NodeJS.ProcessEnv;
  /** Cap on the full-output log (default 64 MB; settings via `TOOL_OUTPUT_MAX_FILE_BYTES`). */
  maxLogBytes?: number;
  /**
   * Run every command under bubblewrap (probed at start with `probeSandbox`): writable
   * are only the path policy's roots, `sandbox.writableRoots` and a private /tmp.
   */
  sandbox?: BashSandbox;
  /**
   * The session's background shells: with them bash takes `run_in_background` (read
   * with bash_output, ended with kill_shell); without them it does not offer it.
   */
  background?: BackgroundShells;
}

const bashProperties = {
  command: Type.String({ description: "The bash command to run." }),
  timeout: Type.Optional(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: MAX_BASH_TIMEOUT_SECONDS,
      description: `Timeout in seconds (default ${DEFAULT_BASH_TIMEOUT_SECONDS}, at most ${MAX_BASH_TIMEOUT_SECONDS}).`,
    }),
  ),
  output_level: OutputLevelParam,
};

/** bash where the session has background shells (`BashToolOptions.background`). */
const bashBackgroundParameters = Type.Object({
  ...bashProperties,
  run_in_background: Type.Optional(
    Type.Boolean({
      description:
        "Start the command and return at once with its shell_id (a dev server, a watcher, a long build); " +
        "read its output with bash_output(shell_id), stop it with kill_shell(shell_id). No timeout applies.",
    }),
  ),
});
const bashParameters = Type.Object(bashProperties);

/** Environment that keeps commands from waiting for a human (Pi bug #298: git commit opened an editor). */
function nonInteractiveEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...base,
    GIT_TERMINAL_PROMPT: "0",
    GIT_EDITOR: "true",
    EDITOR: "true",
    VISUAL: "true",
    PAGER: "cat",
    GIT_PAGER: "cat",
  };
}

/** The command as the shell gets it, and the script file that carries a long one. */
interface PreparedCommand {
  /** The prefix and the command: what the model and the errors name. */
  command: string;
  /** What `bash -c` runs. */
  script: string;
  scriptFile?: ScriptFile;
}

/**
 * Past MAX_INLINE_SCRIPT_BYTES the command goes through a script file in the log folder:
 * a single argument that long fails with E2BIG before the shell starts.
 */
async function prepareCommand(
  command: string,
  logFolder: string | Error,
): Promise<PreparedCommand | ToolResponse> {
  let scriptFile: ScriptFile | undefined;
  if (Buffer.byteLength(command) > MAX_INLINE_SCRIPT_BYTES) {
    try {
      if (logFolder instanceof Error) throw logFolder;
      scriptFile = await writeScriptFile(logFolder, command);
    } catch (error) {
      return commandTooLong(command, (error as Error).message);
    }
  }
  // `exec 2>&1` first: one pipe for both streams keeps their true arrival order.
  return { command, script: `exec 2>&1; ${scriptFile?.inline ?? command}`, scriptFile };
}

async function missingWorkingDirectory(cwd: string): Promise<ToolResponse | undefined> {
  const isDirectory = await stat(cwd).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (isDirectory) return undefined;
  return failure("NOT_FOUND", `Working directory does not exist: ${cwd}`, {
    next: ["Run the command from the project root, or create the directory first."],
  });
}

/**
 * A refused folder (a symbolic link) costs the full-output log, not the command: bash is
 * also how the link gets removed. The check is not repeated when the log opens: only
 * the command itself could swap the folder meanwhile, and a command can already write
 * anywhere the user can (or, sandboxed, anywhere in the project, which holds the folder).
 */
function logFolderOrProblem(outputDir: string): Promise<string | Error> {
  return ensureOutputDir(outputDir).then(
    () => outputDir,
    (error: Error) => error,
  );
}

/**
 * The sandbox's command line for a command starting in `cwd`, nothing when it is off, or
 * the refusal when the writable folders' code-running files cannot be kept read-only.
 */
async function sandboxFor(
  env: ToolEnvironment,
  sandbox: BashSandbox | undefined,
  cwd: string,
  processes: ProcessGroups,
): Promise<{ sandbox?: string[] } | ToolResponse> {
  if (!sandbox) return {};
  const roots = await sandboxBindRoots(await env.policy.writableRoots(), sandbox.writableRoots);
  if (sandbox.mode === "read-only") return { sandbox: sandboxArgv(sandbox, roots, cwd) };
  const inRoot = roots.some((root) => cwd === root || cwd.startsWith(`${root}${path.sep}`));
  const guarded = await protectedMounts(inRoot ? [...roots, cwd] : roots);
  if (!guarded.ok) {
    return failure("PERMISSION_DENIED", `Command not run: ${guarded.error}.`, {
      next: ["Do not look for a way around the sandbox."],
    });
  }
  // bwrap leaves its mount points on disk: empty folders, removed once no process of
  // this session can still be inside a sandbox that uses them.
  for (const placeholder of guarded.placeholders) processes.removeWhenEnded(placeholder);
  return { sandbox: sandboxArgv(sandbox, roots, cwd, guarded.args) };
}

/** What the model must know up front about a sandbox, so it does not learn it by failing. */
function sandboxNotice(sandbox: BashSandbox | undefined): string {
  if (!sandbox) return "";
  const writable =
    sandbox.mode === "read-only"
      ? "nothing is writable but /tmp"
      : "only the project, the allowed folders and /tmp are writable";
  const network = sandbox.network ? "" : "; there is no network (only the command's own loopback)";
  return ` Commands run in a sandbox: ${writable} (/tmp is private to each command)${network}.`;
}

/** Streams the current tail to the UI, at most every 200 ms. */
function progressReporter(
  onUpdate: ((update: ToolResponse) => void) | undefined,
  collector: OutputCollector,
  limits: { maxLines: number; maxBytes: number },
): (() => void) | undefined {
  if (!onUpdate) return undefined;
  let lastUpdate = 0;
  return () => {
    const now = performance.now();
    if (now - lastUpdate <= 200) return;
    lastUpdate = now;
    const tail = truncateTail(collector.peekTail(), limits).content;
    onUpdate(progress({ stdout: tail, truncated: false }, tail));
  };
}

function bashDescription(maxLines: number, maxBytes: number, sandbox: BashSandbox | undefined) {
  return (
    `Run a bash command in the working directory. stdout and stderr are merged. Default timeout ${DEFAULT_BASH_TIMEOUT_SECONDS} seconds ` +
    `(timeout parameter, in seconds, at most ${MAX_BASH_TIMEOUT_SECONDS}); on timeout ` +
    "the command and all its child processes are killed. stdin is /dev/null, so " +
    `interactive programs cannot wait for input. Output is truncated to the last ${maxLines} lines or ${maxBytes / 1024}KB; the full output ` +
    "is saved to a log file named in the result. Background processes (cmd &) do not block the call." +
    sandboxNotice(sandbox)
  );
}

/** How the shell is spawned: under the sandbox when there is one, or the sandbox's refusal. */
async function spawnOptions(
  env: ToolEnvironment,
  sandbox: BashSandbox | undefined,
  processes: ProcessGroups,
  spawn: SpawnShellOptions,
): Promise<SpawnShellOptions | ToolResponse> {
  const argv = await sandboxFor(env, sandbox, spawn.cwd, processes);
  if ("status" in argv) return argv;
  return { ...spawn, env: { ...spawn.env, ...sandboxEnv(sandbox) }, ...argv };
}

/** A failure the sandbox caused, for the envelope to say so. */
function refusalOf(sandbox: BashSandbox | undefined, exitCode: number | null, tail: string) {
  const refusal = sandboxRefusal(sandbox, exitCode, tail);
  return refusal ? { refusal } : {};
}

/** Why a `run_in_background` call cannot start: no background shells here, or too many run. */
function backgroundProblem(
  inBackground: boolean | undefined,
  shells: BackgroundShells | undefined,
): ToolResponse | undefined {
  if (!inBackground) return undefined;
  if (!shells) return noBackgroundShells();
  const refused = shells.refusal();
  return refused ? tooManyShells(refused) : undefined;
}

/** bash's options with their defaults filled in. */
function bashDefaults(options: BashToolOptions) {
  const killGraceMs = options.killGraceMs ?? 2000;
  return {
    shellPath: options.shellPath ?? "bash",
    exec: options.exec ?? localExecOperations,
    killGraceMs,
    drainMs: options.drainMs ?? 100,
    maxLines: options.maxLines ?? DEFAULT_MAX_LINES,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxLogBytes: options.maxLogBytes ?? DEFAULT_MAX_FILE_BYTES,
    processes: options.processes ?? new ProcessGroups(killGraceMs),
    baseEnv: options.env ?? process.env,
  };
}

export function createBashTool(env: ToolEnvironment, options: BashToolOptions = {}) {
  const run = bashDefaults(options);
  const { shellPath, maxLines, maxBytes, maxLogBytes, processes } = run;

  return defineTool({
    name: "bash",
    summary: TOOL_SUMMARIES.bash,
    label: "Bash",
    description: bashDescription(maxLines, maxBytes, options.sandbox),
    // Without background shells the schema leaves run_in_background out; execute still
    // refuses it (a call may send a parameter its schema does not list).
    parameters: (options.background
      ? bashBackgroundParameters
      : bashParameters) as typeof bashBackgroundParameters,
    async execute(params, context) {
      const started = performance.now();
      const timeoutSeconds = params.timeout ?? DEFAULT_BASH_TIMEOUT_SECONDS;
      const unstartable =
        backgroundProblem(params.run_in_background, options.background) ??
        (await missingWorkingDirectory(context.cwd));
      if (unstartable) return unstartable;
      const logFolder = await logFolderOrProblem(env.outputDir);
      const prefix = options.shellCommandPrefix ? `${options.shellCommandPrefix}\n` : "";
      const prepared = await prepareCommand(`${prefix}${params.command}`, logFolder);
      if ("status" in prepared) return prepared;

      const spawn = await spawnOptions(env, options.sandbox, processes, {
        shellPath,
        script: prepared.script,
        cwd: context.cwd,
        env: nonInteractiveEnv(run.baseEnv),
        ...(context.toolCallId ? { toolCallId: context.toolCallId } : {}),
      });
      if ("status" in spawn) {
        await prepared.scriptFile?.remove();
        return spawn;
      }
      if (params.run_in_background && options.background) {
        const windowBytes = 2 * maxBytes;
        return startInBackground(options.background, {
          spawn,
          prepared,
          logFolder,
          maxLogBytes,
          windowBytes,
        });
      }
      const limits = { maxLines, maxBytes };
      const collector = new OutputCollector(logFolder, { ...limits, maxLogBytes });
      const outcome = await runShell({
        exec: run.exec,
        spawn,
        processes,
        collector,
        timeoutMs: timeoutSeconds * 1000,
        killGraceMs: run.killGraceMs,
        drainMs: run.drainMs,
        signal: context.signal,
        onOutput: progressReporter(context.onUpdate, collector, limits),
      });
      const durationMs = Math.round(performance.now() - started);
      await prepared.scriptFile?.remove();
      const collected = await collector.finish();
      if (outcome.kind === "spawn_error") {
        return spawnFailure(outcome.error, shellPath, prepared.command);
      }
      const output = showOutput(collected, {
        ...limits,
        brief: effectiveOutputLevel(params.output_level, context) === "brief",
        display: (path) => env.policy.display(path),
      });
      return outcomeEnvelope(outcome, output, {
        durationMs,
        timeoutSeconds,
        hasTaskTool: context.hasTaskTool === true,
        ...refusalOf(options.sandbox, outcome.exitCode, collected.tail),
      });
    },
  });
}
