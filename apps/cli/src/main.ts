import type { CliArgs } from "./args.js";
import { type CliIo, processIo } from "./io.js";
import { reportUnexpected } from "./report.js";

/** How long a prompt argument waits for piped stdin to start (`cat log | gong -p why`). */
const STDIN_FIRST_BYTE_MS = 200;

/**
 * Runs one `gong` invocation and returns its exit code (0 ok, 1 run failed, 2 usage, 128 + the signal's number when a signal stopped the run).
 * Commands that do not talk to a model (`--list-models`, `--export`, `-r` without an
 * id off a terminal) come first; `--trust` records the folder (alone, that is all it does); then, on a
 * terminal without `-p`, the interactive mode starts, else a prompt is assembled and handed to print or json mode. The
 * runtime is imported lazily so each path loads only what it needs.
 */
export async function main(args: CliArgs, io: CliIo = processIo()): Promise<number> {
  try {
    if (args.listModels !== undefined) {
      const { listModelsCommand } = await import("./commands/list-models.js");
      return listModelsCommand(args, io);
    }
    if (args.mcpCommand) {
      const { mcpCommand } = await import("./commands/mcp.js");
      return await mcpCommand(args.mcpCommand, args, io);
    }
    if (args.export) {
      const { exportCommand } = await import("./commands/export.js");
      return await exportCommand(args, io);
    }
    if (args.worktreeCommand) {
      const { worktreeCommand } = await import("./commands/worktree.js");
      return await worktreeCommand(args.worktreeCommand, io);
    }
    if (args.worktree !== undefined) {
      const { runInWorktree } = await import("./commands/worktree-session.js");
      return await runInWorktree(args.worktree, io, (inside) => runSession(args, inside));
    }
    return await runSession(args, io);
  } catch (error) {
    return reportUnexpected(error, args.verbose, io);
  }
}

/** Everything that runs in the session's folder (a worktree's with `--worktree`). */
async function runSession(args: CliArgs, io: CliIo): Promise<number> {
  // A session of another folder runs in its own (its trust, settings and files).
  if (typeof args.resume === "string") {
    const { enterSessionFolder } = await import("./commands/session-folder.js");
    const entered = enterSessionFolder(args, io);
    if (!entered.ok) return entered.code;
    io = entered.io;
  }
  // Recorded before anything runs, so this run already loads the project's hooks.
  let trusted: string | undefined;
  if (args.trust) {
    const { trustCurrentFolder } = await import("./commands/trust.js");
    const outcome = await trustCurrentFolder(io, args.yes);
    if ("code" in outcome) return outcome.code;
    trusted = outcome.line;
  }
  // `gong --trust` alone only records the folder.
  const trustedOnly = () => {
    io.stdout(`${trusted}\n`);
    return 0;
  };
  if (args.rewind !== undefined) {
    const { rewindCommand } = await import("./commands/rewind.js");
    return await rewindCommand(args, io);
  }
  if (args.compact) {
    const { compactCommand } = await import("./commands/compact.js");
    return await compactCommand(args, io);
  }
  if (args.web) {
    const { webCommand } = await import("./web/web-command.js");
    return await webCommand(args, args.web, io);
  }
  const interactive = !args.print && args.mode === "text" && io.stdinIsTTY;
  // On a terminal `-r` without an id opens the resume picker (interactive mode).
  if (args.resume === true && !interactive) {
    const { listSessionsCommand } = await import("./commands/list-sessions.js");
    return await listSessionsCommand(args, io);
  }
  if (interactive) {
    if (trusted && args.messages.length === 0) return trustedOnly();
    // Loaded only here: --version, -p and json mode never pay for the screen.
    const { runInteractive } = await import("./interactive/start.js");
    return await runInteractive(args, assemblePrompts(args.messages, ""), io);
  }
  // With a prompt argument, stdin is extra context: a pipe that stays silent must not
  // hold the run. Without one, piped stdin is the prompt: wait for all of it.
  const hasPrompt = args.messages.some((message) => message.trim().length > 0);
  const piped = io.stdinIsTTY
    ? ""
    : await io.readStdin(hasPrompt ? { firstByteWithinMs: STDIN_FIRST_BYTE_MS } : {});
  const prompts = assemblePrompts(args.messages, piped);
  if (prompts.length === 0 && trusted) return trustedOnly();
  if (prompts.length === 0) {
    io.stderr(
      'gong: no prompt given; pass a message, e.g. gong -p "explain this repo", or pipe one in.\n',
    );
    return 2;
  }
  const { runPrompts } = await import("./modes/run.js");
  return await runPrompts(args, prompts, io);
}

/**
 * Piped stdin is appended to the first prompt (`cat err.log | gong -p "why?"`); alone,
 * it is the prompt. Later positional messages are follow-ups.
 */
export function assemblePrompts(messages: string[], piped: string): string[] {
  const stdinText = piped.replace(/\s+$/, "");
  const prompts = messages.filter((m) => m.trim().length > 0);
  if (stdinText.length === 0) return prompts;
  if (prompts.length === 0) return [stdinText];
  return [`${prompts[0]}\n\n${stdinText}`, ...prompts.slice(1)];
}
