import path from "node:path";
import { resolveGongHome } from "@gong/base";
import { trustFolder } from "@gong/config-files";
import { listModels } from "@gong/llm";
import {
  type CodingSessionError,
  guardExit,
  SessionHost,
  type SessionInfo,
  SIGNAL_EXIT_CODES,
} from "@gong/runtime";
import { loadSettings } from "@gong/settings";
import { CombinedAutocompleteProvider, ProcessTerminal } from "@mariozechner/pi-tui";
import type { CliArgs } from "../args.js";
import { NO_SESSIONS_YET, sessionsOfThisDirectory } from "../commands/list-sessions.js";
import { enterSessionFolder } from "../commands/session-folder.js";
import type { CliIo } from "../io.js";
import { codingSessionOptions } from "../session-options.js";
import { TerminalAttention } from "./attention.js";
import { firstRunGuide } from "./first-run.js";
import { CommandMenu } from "./input/command-menu.js";
import { PromptHistory } from "./input/history.js";
import { ProjectPathCompletion } from "./input/path-completion.js";
import { CONFIRM_TIMEOUT_MS, InteractiveMode } from "./interactive-mode.js";
import { LiveScreen } from "./screen/live-screen.js";
import { runSlashCommand, SLASH_COMMANDS, startConfigWatch } from "./slash/index.js";
import { modelItems, usableOf } from "./slash/model.js";
import { resumePicker } from "./slash/resume.js";
import { untrustedProjectCode } from "./trust-question.js";

/**
 * `gong` on a terminal: with `-r` and no id, lets the user pick the session first; asks
 * about an untrusted project's code (once, before anything of it loads), opens the session, and runs the interactive mode until the user quits.
 * Returns the exit code: 0 quit, 2 no model to talk to, 128 + n for a signal.
 */
export async function runInteractive(args: CliArgs, prompts: string[], io: CliIo): Promise<number> {
  // Headless terms have no meaning where a person watches and answers: said, not ignored.
  if (args.maxTurns ?? args.maxBudgetUsd ?? args.outputSchema) {
    io.stderr(
      "gong: --max-turns, --max-budget-usd and --output-schema go with -p or --mode json\n",
    );
    return 2;
  }
  const outcome = await runInteractiveHere(args, prompts, io);
  if (typeof outcome === "number") return outcome;
  // Picked from `gong -r --all`: a session of another folder runs there, on a new screen.
  const entered = enterSessionFolder(outcome.elsewhere, io);
  if (!entered.ok) return entered.code;
  // With a session id, runInteractiveHere picks nothing: it ends with an exit code.
  return (await runInteractiveHere(outcome.elsewhere, prompts, entered.io)) as number;
}

/** The interactive mode in `io.cwd`: its exit code, or the args of a session picked in another folder. */
async function runInteractiveHere(
  args: CliArgs,
  prompts: string[],
  io: CliIo,
): Promise<number | { elsewhere: CliArgs }> {
  const gongHome = resolveGongHome(io.env);
  // `gong -r` on a terminal: listed before the screen starts, so "none yet" is the same
  // one line as off a terminal.
  const resumable = args.resume === true ? await sessionsOfThisDirectory(args, io) : undefined;
  if (resumable?.length === 0) {
    io.stderr(NO_SESSIONS_YET);
    return 1;
  }
  const terminal = new ProcessTerminal();
  const attention = terminalAttention(terminal, io, gongHome);
  const restore = terminalRestorer(terminal, attention);
  const history = new PromptHistory(path.join(gongHome, "history.jsonl"));
  const mode = new InteractiveMode(new LiveScreen(terminal), terminal, history, io.cwd, attention);
  let host: SessionHost | undefined;
  // Guarding from the first frame: a signal during the trust question or while the
  // session opens must still restore the terminal.
  const guard = guardExit({
    stop: (signal) => {
      if (host) {
        mode.quit(SIGNAL_EXIT_CODES[signal]);
        return;
      }
      restore();
      process.exit(SIGNAL_EXIT_CODES[signal]);
    },
    beforeForcedExit: restore,
    processes: () => host?.current.processes,
  });
  terminal.start(
    (data) => {
      if (!attention.take(data)) mode.handleInput(data);
    },
    () => mode.onResize(),
  );
  terminal.hideCursor();
  attention.start();
  try {
    const picked = resumable ? await pickSession(mode, args, resumable, io.cwd) : { args };
    if (picked === undefined) return 0;
    // A session of another folder: gong starts again there (runInteractive).
    if (picked.elsewhere) return { elsewhere: picked.args };
    const chosen = picked.args;
    const trust = args.trust ? true : await askTrust(mode, io.cwd, gongHome, io.env);
    let opened = await openSession(chosen, io, mode, trust);
    if (!opened.ok && opened.error.code === "resumed_model_no_key") {
      const other = await pickAnotherModel(mode, opened.error, chosen, io, gongHome);
      if (other)
        opened = await openSession(
          { ...chosen, provider: undefined, model: other },
          io,
          mode,
          trust,
        );
    }
    if (!opened.ok) {
      mode.quit(2);
      restore();
      if (opened.error.code === "no_api_key") {
        io.stdout(firstRunGuide(opened.error.message, gongHome, terminal.columns));
        return 2;
      }
      io.stderr(`gong: ${opened.error.message}\n`);
      return opened.error.usage ? 2 : 1;
    }
    host = opened.host;
    return await runSession(host, mode, prompts, io, restore);
  } finally {
    restore();
    guard.dispose();
  }
}

/** What calls the user back (attention.ts), with the merged settings' `notifications`. */
function terminalAttention(
  terminal: ProcessTerminal,
  io: CliIo,
  gongHome: string,
): TerminalAttention {
  // Harmless in any folder (it only rings or notifies): no trust needed.
  const { notifications = "auto" } = loadSettings({ cwd: io.cwd, gongHome, env: io.env }).settings;
  return new TerminalAttention((data) => terminal.write(data), notifications, io.env);
}

/**
 * `gong -r` (`--all`) on a terminal: the picked session's args, `elsewhere` when it is of
 * another folder; undefined (gong quits) when the user cancels.
 */
async function pickSession(
  mode: InteractiveMode,
  args: CliArgs,
  sessions: SessionInfo[],
  cwd: string,
): Promise<{ args: CliArgs; elsewhere?: boolean } | undefined> {
  const picked = await mode.pick(resumePicker(sessions, mode.width, undefined, cwd));
  if (!picked) {
    mode.quit(0);
    return undefined;
  }
  const chosen = { ...args, all: false, resume: picked.value.path };
  if (!picked.value.cwd || path.resolve(picked.value.cwd) === path.resolve(cwd))
    return { args: chosen };
  mode.quit(0);
  return { args: chosen, elsewhere: true };
}

/**
 * Opens the session with the mode answering its confirmations and questions. Warnings raised while it opens come
 * with it and are shown once the transcript is there.
 */
async function openSession(
  args: CliArgs,
  io: CliIo,
  mode: InteractiveMode,
  trust: boolean | undefined,
) {
  // A provider SDK repeats its notices (a model's deprecation) on every request: the
  // transcript shows each one once.
  const shown = new Set<string>();
  const warnOnce = (message: string): void => {
    if (shown.has(message)) return;
    shown.add(message);
    mode.warn(message);
  };
  const opened = await SessionHost.open({
    ...codingSessionOptions(args, io, warnOnce),
    ...(trust === undefined ? {} : { trust }),
    // `--yes` allows those calls without asking (codingSessionOptions' answer stands).
    ...(args.yes
      ? {}
      : {
          confirmToolCall: {
            ask: (request) => mode.confirmToolCall(request),
            timeoutMs: CONFIRM_TIMEOUT_MS,
          },
        }),
    askUser: (questions, signal) => mode.askUser(questions, signal),
    approvePlan: (plan, signal) => mode.approvePlan(plan, signal),
  });
  if (opened.ok) {
    mode.attach(opened.host, { run: runSlashCommand });
    // Shown once the transcript is there.
    for (const message of opened.warnings) warnOnce(message);
  }
  return opened;
}

/**
 * A resumed session's model has no key in this shell (issue 22.8): the one line that
 * says which key is missing, then the model picker over the models usable here. The
 * choice (`provider/id`) opens the session as `--model` would; `undefined` when the
 * user cancels or no model is usable (the line is then the error gong exits with).
 */
async function pickAnotherModel(
  mode: InteractiveMode,
  error: CodingSessionError,
  args: CliArgs,
  io: CliIo,
  gongHome: string,
): Promise<string | undefined> {
  const { models } = listModels({ gongHome, env: io.env, apiKey: args.apiKey });
  const usable = usableOf(models);
  if (usable.length === 0) return undefined;
  mode.warn(error.message);
  const picked = await mode.pick({
    title: `Continue with another model (${error.model} has no key here; Esc quits)`,
    items: modelItems(usable),
  });
  return picked ? `${picked.value.provider}/${picked.value.id}` : undefined;
}

/** The mode until the user quits; the session is closed (its jobs ended) on every way out. */
async function runSession(
  host: SessionHost,
  mode: InteractiveMode,
  prompts: readonly string[],
  { cwd }: CliIo,
  restore: () => void,
): Promise<number> {
  const menu = new CommandMenu(SLASH_COMMANDS, (message) => mode.warn(message));
  await menu.refresh(host.current);
  // pi-tui's provider completes commands and Tab paths; `@` searches like the find tool.
  const completion = new CombinedAutocompleteProvider(menu.items, cwd, null);
  mode.setAutocomplete(new ProjectPathCompletion(completion, cwd), menu);
  const stopWatching = startConfigWatch({ host, ui: mode, cwd });
  try {
    return await mode.run(prompts);
  } finally {
    // The shell gets its terminal back at once; closing may wait for background jobs.
    restore();
    await stopWatching();
    // The user left the prompt (Ctrl+D, /exit): SessionEnd's reason says so.
    await host.close("prompt_input_exit");
  }
}

/**
 * The question before the session opens, in a folder whose project config would run
 * code or widen access: trust it for good, or go on without that config. Undefined when
 * there is nothing to ask (the settings decide, as always). Anything but "trust" — Esc,
 * a failed write — leaves the folder untrusted (fail closed); a prompt typed meanwhile
 * never answers it (GuardedDialog) and is sent once the session is open.
 */
async function askTrust(
  mode: InteractiveMode,
  cwd: string,
  gongHome: string,
  env: NodeJS.ProcessEnv,
): Promise<boolean | undefined> {
  const found = untrustedProjectCode(cwd, gongHome, env);
  if (found.length === 0) return undefined;
  const answer = await mode.choose(
    "This folder is not trusted, and its project config would run code or widen access:",
    found.map((item) => `  ${item}`),
    [
      { key: "t", label: "trust this folder and remember", value: "trust" },
      { key: "c", label: "continue without trusting it", value: "skip" },
    ],
    "skip",
  );
  if (answer !== "trust") return false;
  // The answer was explicit; the note below says when it covers every project below.
  const trusted = await trustFolder(cwd, gongHome, { env, broad: true });
  if (!trusted.ok) {
    mode.warn(`${trusted.message}; continuing without the project's config`);
    return false;
  }
  const covers = trusted.broad ? ` and every project below it (${trusted.broad})` : "";
  mode.note(`trusted ${trusted.folder}${covers} (recorded in ${trusted.file})`);
  return true;
}

/**
 * Puts the terminal back as it was — raw mode, bracketed paste, focus reports and the
 * keyboard protocol off, the cursor shown — once, whichever way gong ends: a normal quit, a
 * signal, or a crash (an uncaught exception still prints its stack to a sane terminal).
 */
function terminalRestorer(terminal: ProcessTerminal, attention: TerminalAttention): () => void {
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    process.off("exit", restore);
    process.off("uncaughtException", crash);
    process.off("unhandledRejection", crash);
    try {
      attention.stop();
      terminal.stop();
      process.stdout.write("\x1b[?2026l\x1b[?25h");
    } catch {
      // The terminal is gone (SIGHUP): there is nothing left to restore.
    }
  };
  const crash = (error: unknown) => {
    restore();
    // Below the live region, which stays on screen.
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`\r\ngong: ${text}\n`);
    process.exit(1);
  };
  process.once("exit", restore);
  // pi-tui switches modifyOtherKeys on from a timer shortly after start, also when the
  // terminal was stopped in between (a signal right after start): switch it off last.
  process.once("exit", () => {
    try {
      process.stdout.write("\x1b[>4;0m");
    } catch {
      // The terminal is gone.
    }
  });
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  return restore;
}
